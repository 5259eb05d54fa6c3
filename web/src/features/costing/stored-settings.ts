import { z } from 'zod';
import { ZUsageInput } from '@stratum/core/costing/model';
import { session } from '../../lib/session';
import { costingSettingsKey, readJson, writeJson } from '../../lib/storage';

/** What the user set for one design: the environment priced and the usage assumptions. */
export interface TCostingSettings {
  environment: string | undefined;
  usage: z.infer<typeof ZUsageInput>;
}

/** Designs whose settings are kept; the least recently used ones are dropped first. */
const KEPT = 20;

const ZStored = z.array(
  z.object({
    source: z.string(),
    environment: z.string().optional(),
    usage: ZUsageInput,
  }),
);

function key(): string | null {
  const userId = session.getState().user?.id;
  return userId ? costingSettingsKey(userId) : null;
}

function readAll(): z.infer<typeof ZStored> {
  const k = key();
  const parsed = ZStored.safeParse(k ? readJson(k) : null);
  return parsed.success ? parsed.data : [];
}

/** The settings kept for a design in this browser; the defaults when there are none. */
export function readCostingSettings(source: string): TCostingSettings {
  const found = readAll().find((s) => s.source === source);
  return { environment: found?.environment, usage: found?.usage ?? {} };
}

/** Keeps a design's settings (most recent first); defaults are not kept. */
export function writeCostingSettings(source: string, settings: TCostingSettings): void {
  const k = key();
  if (!k) return;
  const rest = readAll().filter((s) => s.source !== source);
  const isDefault = settings.environment === undefined && Object.keys(settings.usage).length === 0;
  const entry = {
    source,
    ...(settings.environment !== undefined ? { environment: settings.environment } : {}),
    usage: settings.usage,
  };
  writeJson(k, (isDefault ? rest : [entry, ...rest]).slice(0, KEPT));
}
