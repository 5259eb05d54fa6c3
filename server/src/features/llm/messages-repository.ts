import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface LlmMessageRow {
  id: string;
  kind: 'chat' | 'generate';
  prompt: string;
  answer: string;
  model: string | null;
  outcome: 'ok' | 'error';
  error_code: string | null;
  project_id: string | null;
  created_at: Date;
}

export async function insertMessage(
  db: Db,
  values: Omit<LlmMessageRow, 'id' | 'created_at'> & { userId: string },
): Promise<string> {
  const { rows } = await sql<{ id: string }>`INSERT INTO llm_messages
      (user_id, kind, project_id, prompt, answer, model, outcome, error_code)
    VALUES (${values.userId}, ${values.kind}, ${values.project_id}, ${values.prompt},
      ${values.answer}, ${values.model}, ${values.outcome}, ${values.error_code})
    RETURNING id`.execute(db);
  return rows[0]?.id ?? '';
}

export async function listMessages(db: Db, userId: string, limit = 50): Promise<LlmMessageRow[]> {
  const { rows } = await sql<LlmMessageRow>`SELECT id, kind, prompt, answer, model, outcome,
      error_code, project_id, created_at
    FROM llm_messages WHERE user_id = ${userId}
    ORDER BY created_at DESC, id LIMIT ${limit}`.execute(db);
  return rows;
}

/** The user's saved project state, or undefined when it is not theirs or does not exist. */
export async function projectState(
  db: Db,
  userId: string,
  projectId: string,
): Promise<{ name: string; state: unknown } | undefined> {
  const { rows } = await sql<{ name: string; state: unknown }>`SELECT name, state FROM projects
    WHERE id = ${projectId} AND user_id = ${userId}`.execute(db);
  return rows[0];
}

/** A stored generation of the user's project (the planner's history), or undefined. */
export async function projectGeneration(
  db: Db,
  userId: string,
  projectId: string,
  generationId: string,
): Promise<
  | {
      format: string;
      layout: string;
      revision: number;
      files: { path: string; content: string }[];
    }
  | undefined
> {
  const { rows } = await sql<{
    format: string;
    layout: string;
    revision: number;
    files: { path: string; content: string }[];
  }>`SELECT g.format, g.layout, g.revision, g.files FROM project_generations g
    JOIN projects p ON p.id = g.project_id
    WHERE g.id = ${generationId} AND g.project_id = ${projectId} AND p.user_id = ${userId}`.execute(
    db,
  );
  return rows[0];
}

export const presentMessage = (row: LlmMessageRow) => ({
  id: row.id,
  kind: row.kind,
  prompt: row.prompt,
  answer: row.answer,
  model: row.model,
  outcome: row.outcome,
  errorCode: row.error_code,
  projectId: row.project_id,
  createdAt: row.created_at.toISOString(),
});
