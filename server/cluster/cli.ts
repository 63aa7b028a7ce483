// npm run cluster: N API processes (CLUSTER_PROCESSES, default 2) on PostgreSQL behind HAProxy on
// one port (PORT, default 8080). DATABASE_URL names the database, else a throwaway PostgreSQL
// cluster is started (its data goes when the cluster stops). JWT_SECRET is required. Each process
// keeps an analytics replica in .tmp/cluster/<name>/ (issue 50); CLUSTER_REPLICAS=off reads PostgreSQL only.
import { startCluster, throwawayPostgres } from './launch';

const processes = Number(process.env.CLUSTER_PROCESSES ?? 2);
const jwtSecret = process.env.JWT_SECRET ?? '';
if (!jwtSecret || jwtSecret.length < 32) {
  console.error('JWT_SECRET is not set (or shorter than 32 characters): every process must sign tokens with the same key. Run: JWT_SECRET=$(openssl rand -hex 32) npm run cluster');
  process.exit(1);
}
const pg = process.env.DATABASE_URL ? undefined : throwawayPostgres();
const port = Number(process.env.PORT ?? 8080);
const replicas = process.env.CLUSTER_REPLICAS !== 'off';
try {
  const cluster = await startCluster({
    processes,
    port,
    host: process.env.HOST ?? '0.0.0.0',
    databaseUrl: process.env.DATABASE_URL ?? pg!.url,
    jwtSecret,
    dir: '.tmp/cluster',
    log: console.log,
    replicas,
  });
  console.log(`CX portal on http://localhost:${port}/ : ${processes} API processes behind HAProxy on ${pg ? 'a throwaway PostgreSQL' : 'DATABASE_URL'}${replicas ? ', each with an analytics replica' : ''}.`);
  const stop = async () => {
    await cluster.stop();
    pg?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
} catch (error) {
  pg?.stop();
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
