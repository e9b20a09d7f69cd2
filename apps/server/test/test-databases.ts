import pg from 'pg';

/** Runs one statement on the server of `baseUrl`, connected to its `postgres` database. */
export async function onServer(baseUrl: string, statement: string): Promise<void> {
  const adminUrl = new URL(baseUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The run's migrated template on PostgreSQL (one per run: two suites may share a server). */
export function templateDatabaseName(baseUrl: string): string {
  return `${new URL(baseUrl).pathname.slice(1) || 'coinfall'}_template_${process.pid}`;
}
