import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { CODE_TYPE_LABELS, type CodeView } from '@qr/contracts';
import { CodeActions, CodeNameLink, QrImage, StatusBadge } from '../codes';
import { counted } from '../../components/counted';
import type { CodeRowExtras } from './code-filing';
import { CodeTick, SelectAllCell, type CodeSelection } from './code-selection';

/**
 * A page of codes as cards, for a phone. The table needs 880 px: scrolled sideways in 375 px, with no
 * sign that it scrolled, it hid the scans and every action. Ticking and moving work as in the table;
 * dragging does not, as a finger scrolling the list would keep starting drags.
 */
export function CodeCards({ label, codes, selection, rowProps }: { label: string; codes: CodeView[]; selection?: CodeSelection; rowProps?: CodeRowExtras }) {
  return (
    <Stack gap="xs">
      {selection && <SelectAllCell codeIds={codes.map((code) => code.code_id)} selection={selection} labelShown />}
      <Stack component="ul" aria-label={label} gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {codes.map((code) => (
          <CodeCard key={code.code_id} code={code} selection={selection} {...rowProps?.(code)} />
        ))}
      </Stack>
    </Stack>
  );
}

function CodeCard({
  code,
  selection,
  onDelete,
  folderName,
}: {
  code: CodeView;
  selection?: CodeSelection;
  onDelete?: (code: CodeView) => void;
  folderName?: string;
}) {
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {selection && (
          <Box pt={4}>
            <CodeTick code={code} selection={selection} />
          </Box>
        )}
        <QrImage code={code} size={48} />
        {/* miw 0 lets a long name break inside the card instead of pushing it wider than the phone. */}
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Box fw={500}>
            <CodeNameLink code={code} folderName={folderName} />
          </Box>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {CODE_TYPE_LABELS[code.type]}
            </Text>
            <StatusBadge status={code.status} />
            <Text size="sm" c="dimmed">
              {counted(code.scan_count, 'scan')}
            </Text>
          </Group>
        </Stack>
      </Group>
      <Box mt="xs">
        <CodeActions code={code} onDelete={onDelete} wrap />
      </Box>
    </Paper>
  );
}
