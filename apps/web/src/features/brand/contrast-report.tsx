import { Alert, List, Text } from '@mantine/core';
import { contrastProblemMessage, type ContrastProblem } from '@qr/contracts';

function ProblemList({ problems }: { problems: ContrastProblem[] }) {
  return (
    <List size="sm" spacing={2}>
      {problems.map((problem, index) => (
        // A gradient can fail the same pair at both ends, so a message alone is not a unique key.
        <List.Item key={index}>{contrastProblemMessage(problem)}</List.Item>
      ))}
    </List>
  );
}

/**
 * The live WCAG AA check under a theme's fields: each failing pair as it is named, its ratio and what
 * it needs. A status region, so a screen reader hears a pair start or stop failing while colours change.
 */
export function ContrastReport({ problems }: { problems: ContrastProblem[] }) {
  return (
    <div role="status" aria-label="Contrast check">
      {problems.length === 0 ? (
        <Text size="sm">✓ Every colour pair passes the WCAG AA contrast check.</Text>
      ) : (
        // A group, not Mantine's default alert: the status region around it already speaks up, politely.
        <Alert role="group" color="red" title={problems.length === 1 ? 'One colour pair is hard to read' : `${problems.length} colour pairs are hard to read`}>
          <ProblemList problems={problems} />
        </Alert>
      )}
    </div>
  );
}

/** Beside a save button that was pressed while the theme fails contrast: why nothing was saved, and what to fix. */
export function ContrastRefusal({ problems }: { problems: ContrastProblem[] }) {
  return (
    <Alert color="red" title="Not saved: fix the contrast first" role="alert">
      <ProblemList problems={problems} />
    </Alert>
  );
}
