import { measure, type Measurement } from './measure.ts';
import { startBenchServer } from './benchServer.ts';

/**
 * The user call under load: token verification, the role-override guard and two indexed reads per request.
 * Every request of the app passes the same authentication path, so this is its floor.
 */
export async function benchmarkUserCall(input: { databaseUrl?: string | undefined; seconds: number; connections: number }): Promise<Measurement> {
  const server = await startBenchServer({ databaseUrl: input.databaseUrl });
  try {
    const authorization = await server.authorization({ roles: ['content-editor'], spaces: ['rbcom'], localizations: ['en', 'de'] });
    return await measure({ url: `${server.url}/api/v1/user`, headers: { authorization }, seconds: input.seconds, connections: input.connections });
  } finally {
    await server.close();
  }
}
