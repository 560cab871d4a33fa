/** Resolves once everything written to the stream before has been handed to the OS. */
function drained(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) {
      resolve();
      return;
    }
    stream.write('', () => resolve());
  });
}

/**
 * Exits once standard output and error have reached their pipes. Writes to a pipe are asynchronous:
 * `process.exit` right after a large write loses everything past the pipe's buffer (64 KiB), which a
 * reader (`| jq`, the Actions runner reading annotations) then never sees. Exiting, rather than waiting
 * for the loop to empty, keeps a stray keep-alive socket or a retry timer from holding the process.
 */
export async function exitWhenFlushed(code?: number): Promise<never> {
  await Promise.all([drained(process.stdout), drained(process.stderr)]);
  // Node 20 reads an explicit `undefined` as 0, not as the exit code set before.
  return code === undefined ? process.exit() : process.exit(code);
}
