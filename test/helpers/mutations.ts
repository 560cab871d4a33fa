import fc from 'fast-check';

/** One edit of a text: the damage real lockfiles suffer (truncation, bad merges, hand edits). */
export type TextMutation =
  | { op: 'truncate'; at: number }
  | { op: 'delete'; at: number; length: number }
  | { op: 'insert'; at: number; text: string }
  | { op: 'insert-after-brace'; at: number; text: string }
  | { op: 'duplicate-line'; at: number }
  | { op: 'indent-line'; at: number }
  | { op: 'swap-lines'; a: number; b: number };

export interface MutationOptions {
  /** Pieces inserted whole (beside short random strings): what the format under test reads specially. */
  pieces: readonly string[];
  /** Longest deletion, in characters. */
  maxDelete?: number;
  /** Longest random string inserted. */
  maxInsert?: number;
  /** Edits beyond truncate, delete, insert and duplicate-line. `insert-after-brace` (inside an object,
   *  where a JSON member fits) is drawn six times as often as the others, so that more texts stay JSON. */
  extra?: readonly ('indent-line' | 'swap-lines' | 'insert-after-brace')[];
}

const position = () => fc.double({ min: 0, max: 1, noNaN: true });

/** An arbitrary edit of a text, positions as fractions of its length. */
export function textMutation(options: MutationOptions): fc.Arbitrary<TextMutation> {
  const { pieces, maxDelete = 16, maxInsert = 4, extra = [] } = options;
  const inserted = fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: maxInsert }));
  const edits: fc.MaybeWeightedArbitrary<TextMutation>[] = [
    fc.record({ op: fc.constant('truncate' as const), at: position() }),
    fc.record({
      op: fc.constant('delete' as const),
      at: position(),
      length: fc.integer({ min: 1, max: maxDelete }),
    }),
    fc.record({ op: fc.constant('insert' as const), at: position(), text: inserted }),
    fc.record({ op: fc.constant('duplicate-line' as const), at: position() }),
  ];
  if (extra.includes('indent-line'))
    edits.push(fc.record({ op: fc.constant('indent-line' as const), at: position() }));
  if (extra.includes('swap-lines'))
    edits.push(fc.record({ op: fc.constant('swap-lines' as const), a: position(), b: position() }));
  if (extra.includes('insert-after-brace'))
    edits.push({
      weight: 6,
      arbitrary: fc.record({
        op: fc.constant('insert-after-brace' as const),
        at: position(),
        text: fc.constantFrom(...pieces),
      }),
    });
  return fc.oneof(...edits);
}

/** The text after one edit. */
export function applyMutation(text: string, m: TextMutation): string {
  if (m.op === 'swap-lines') {
    const lines = text.split('\n');
    const a = Math.floor(lines.length * m.a) % Math.max(lines.length, 1);
    const b = Math.floor(lines.length * m.b) % Math.max(lines.length, 1);
    [lines[a], lines[b]] = [lines[b] ?? '', lines[a] ?? ''];
    return lines.join('\n');
  }
  const at = Math.floor(text.length * m.at);
  switch (m.op) {
    case 'truncate':
      return text.slice(0, at);
    case 'delete':
      return text.slice(0, at) + text.slice(at + m.length);
    case 'insert':
      return text.slice(0, at) + m.text + text.slice(at);
    case 'insert-after-brace': {
      const brace = text.indexOf('{', at);
      return brace === -1 ? text : text.slice(0, brace + 1) + m.text + text.slice(brace + 1);
    }
    case 'duplicate-line':
    case 'indent-line': {
      const start = text.lastIndexOf('\n', at - 1) + 1;
      const end = text.indexOf('\n', at);
      const line = text.slice(start, end === -1 ? text.length : end + 1);
      return m.op === 'duplicate-line'
        ? text.slice(0, start) + line + text.slice(start)
        : `${text.slice(0, start)}  ${text.slice(start)}`;
    }
  }
}
