/**
 * Whether text output gets ANSI colour, by the usual rules in their usual order: `NO_COLOR` (any
 * non-empty value) turns it off; else `FORCE_COLOR` turns it on (`0` or `false` off), even into a pipe;
 * else colour goes only to a terminal whose `TERM` is not `dumb`.
 * https://no-color.org, https://force-color.org
 */
export function shouldColor(env: Record<string, string | undefined>, isTty: boolean): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  return isTty && env.TERM !== 'dumb';
}
