import net from 'node:net';

/**
 * Fails at once, with a message that says what to do, when `port` on `host` cannot be listened on:
 * checked before the database starts, the migrations run and the demo data loads, which would
 * otherwise take half a minute to end in EADDRINUSE. Port 0 (any free port) always passes. The
 * probe releases the port before returning; a process that takes it in between still fails at listen.
 */
export async function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) => {
      const where = `${host}:${port}`;
      if (error.code === 'EADDRINUSE')
        reject(new Error(`PORT ${port} is in use on ${host} (EADDRINUSE): stop what listens on ${where} or set PORT to a free port`));
      else if (error.code === 'EACCES')
        reject(new Error(`PORT ${port} on ${host} needs privileges this process lacks (EACCES): use a port above 1023`));
      else reject(new Error(`cannot listen on ${where}: ${error.message}`));
    });
    probe.listen({ host, port, exclusive: true }, () => resolve());
  });
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}
