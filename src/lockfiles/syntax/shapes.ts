/** A parsed JSON/YAML/TOML mapping, before its fields are checked one by one. */
export type Obj = Record<string, unknown>;

/** Whether a parsed value is a mapping (not null, not an array). */
export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
