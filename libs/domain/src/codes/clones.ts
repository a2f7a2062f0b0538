import { CodeContent, type CloneOverride } from '@qr/contracts';

const MAX_NAME = 120;

/** "Menu" → "Menu (copy)", or "Menu (copy 2)" for the second of several; cut so it stays a valid name. */
export function cloneName(baseName: string, number?: number): string {
  const suffix = number === undefined ? ' (copy)' : ` (copy ${number})`;
  return `${baseName.slice(0, MAX_NAME - suffix.length)}${suffix}`;
}

export type ClonedContent = { ok: true; content: CodeContent } | { ok: false; problems: { field: string; message: string }[] };

/**
 * A clone's content: the base's, with the override's content fields laid over it. The override may
 * not change the type (a clone is the same kind of code), and the result must be valid content of
 * that type, so a misspelt or foreign field is refused by name rather than silently dropped.
 */
export function cloneContent(base: CodeContent, override: CloneOverride): ClonedContent {
  const { name: _name, ...fields } = override;
  if ('type' in fields && fields['type'] !== base.type) {
    return { ok: false, problems: [{ field: 'type', message: `A clone keeps its base's type (${base.type}); create a new code for another type.` }] };
  }
  const parsed = CodeContent.safeParse({ ...base, ...fields, type: base.type });
  if (parsed.success) return { ok: true, content: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.flatMap((issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => ({ field: key, message: `A ${base.type} code has no field "${key}".` }))
        : [{ field: issue.path.join('.'), message: issue.message }],
    ),
  };
}
