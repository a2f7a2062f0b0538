// One module per icon: the package's index holds thousands, and this keeps the admin chunk (and Jest) to the few used.
import type { TablerIcon } from '@tabler/icons-react';
import IconBuilding from '@tabler/icons-react/icons/IconBuilding';
import IconCalendarEvent from '@tabler/icons-react/icons/IconCalendarEvent';
import IconCamera from '@tabler/icons-react/icons/IconCamera';
import IconChartBar from '@tabler/icons-react/icons/IconChartBar';
import IconFilePlus from '@tabler/icons-react/icons/IconFilePlus';
import IconDice from '@tabler/icons-react/icons/IconDice';
import IconFolders from '@tabler/icons-react/icons/IconFolders';
import IconKey from '@tabler/icons-react/icons/IconKey';
import IconMessageCircle from '@tabler/icons-react/icons/IconMessageCircle';
import IconNotes from '@tabler/icons-react/icons/IconNotes';
import IconPlugConnected from '@tabler/icons-react/icons/IconPlugConnected';
import IconPresentation from '@tabler/icons-react/icons/IconPresentation';
import IconQrcode from '@tabler/icons-react/icons/IconQrcode';
import IconSpeakerphone from '@tabler/icons-react/icons/IconSpeakerphone';
import IconSquarePlus from '@tabler/icons-react/icons/IconSquarePlus';
import IconTemplate from '@tabler/icons-react/icons/IconTemplate';
import IconUserCircle from '@tabler/icons-react/icons/IconUserCircle';
import IconUsers from '@tabler/icons-react/icons/IconUsers';
import IconUsersGroup from '@tabler/icons-react/icons/IconUsersGroup';
import IconWallet from '@tabler/icons-react/icons/IconWallet';

export interface AdminNavigationItem {
  /** The route path under /admin. */
  path: string;
  label: string;
  icon: TablerIcon;
  /** Other paths under /admin whose screens belong to this item, so it stays marked there. */
  within?: readonly string[];
}

export interface AdminNavigationGroup {
  label: string;
  items: readonly AdminNavigationItem[];
}

/** The admin area's navigation, in menu order: the screens that exist, grouped by what a marketer is doing. */
export const adminNavigation: readonly AdminNavigationGroup[] = [
  {
    label: 'Codes',
    items: [
      { path: 'my-codes', label: 'My codes', icon: IconQrcode, within: ['pages', 'update-page', 'loyalty'] },
      { path: 'create-qr-code', label: 'Create QR code', icon: IconSquarePlus, within: ['create-qr-success'] },
      { path: 'folders', label: 'Folders', icon: IconFolders, within: ['folder', 'folder-qr'] },
      { path: 'templates', label: 'Templates', icon: IconTemplate },
    ],
  },
  { label: 'Pages', items: [{ path: 'add-new-page', label: 'Add new page', icon: IconFilePlus }] },
  {
    label: 'Audience',
    items: [
      { path: 'customers', label: 'Customers', icon: IconUsersGroup },
      { path: 'analytics', label: 'Analytics', icon: IconChartBar },
    ],
  },
  {
    label: 'Engagement',
    items: [
      { path: 'experiences', label: 'Experiences', icon: IconCalendarEvent },
      { path: 'notes', label: 'Notes', icon: IconNotes },
      { path: 'live-voting', label: 'Live voting', icon: IconPresentation },
      { path: 'promo-keys', label: 'Master keys', icon: IconKey },
      { path: 'campaigns', label: 'Campaigns', icon: IconSpeakerphone },
      { path: 'sms-campaigns', label: 'SMS campaigns', icon: IconMessageCircle },
      { path: 'selfie-walls', label: 'Selfie walls', icon: IconCamera },
      { path: 'games', label: 'Games', icon: IconDice },
    ],
  },
  {
    label: 'Settings',
    items: [
      { path: 'users', label: 'Users', icon: IconUsers },
      { path: 'organization', label: 'Organisation', icon: IconBuilding },
      { path: 'messaging', label: 'Messaging', icon: IconPlugConnected },
      { path: 'passes', label: 'Wallet passes', icon: IconWallet, within: ['wallet'] },
      { path: 'profile', label: 'Profile', icon: IconUserCircle },
    ],
  },
];

/** Whether `pathname` is the item's screen or one under it. */
export function isWithin(item: AdminNavigationItem, pathname: string): boolean {
  return [item.path, ...(item.within ?? [])].some((path) => pathname === `/admin/${path}` || pathname.startsWith(`/admin/${path}/`));
}
