import { Box, Pagination } from '@mantine/core';
import { useWiderThan } from './use-wider-than';

const CONTROL_NAMES = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

/**
 * Mantine's pager with names a screen reader can say: its arrows are bare icons and its pages bare
 * numbers, so the buttons were read "button", "button, 1", "button, 2", with nothing saying which
 * page is on screen. A `nav` rather than a labelled `div`: a name on a plain `div` is not read at all.
 */
export function LabelledPagination({
  label = 'Pages',
  total,
  value,
  onChange,
}: {
  label?: string;
  total: number;
  value: number;
  onChange: (page: number) => void;
}) {
  // Nine 32 px controls (arrows, both ends, dots, a page each side) do not fit a 375 px phone beside
  // anything: there the pager drops the neighbouring pages and keeps to one line.
  const siblings = useWiderThan('sm') ? 1 : 0;
  if (total < 1) return null;
  return (
    <Box component="nav" aria-label={label}>
      <Pagination
        total={total}
        value={value}
        onChange={onChange}
        siblings={siblings}
        getControlProps={(control) => ({ 'aria-label': CONTROL_NAMES[control] })}
        getItemProps={(page) => ({ 'aria-label': `Page ${page}`, 'aria-current': page === value ? 'page' : undefined })}
      />
    </Box>
  );
}
