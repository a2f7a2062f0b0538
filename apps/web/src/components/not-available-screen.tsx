import { ScreenNotice } from './screen-notice';

/** Stands in for a screen whose feature has not shipped, instead of showing made-up content. */
export default function NotAvailableScreen({ screen }: { screen: string }) {
  return <ScreenNotice title="This screen is not available yet" detail={`${screen} arrives in a later release.`} />;
}
