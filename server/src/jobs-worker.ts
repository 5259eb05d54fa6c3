// The worker threads' entry (lib/jobs/pool.ts starts it; built as dist/jobs-worker.js): the
// CPU-heavy jobs of the features, composed here as the shell composes their routes.
import { CONVERTER_JOBS } from './features/converter/job';
import { LLM_JOBS } from './features/llm/chat-context';
import { PLANNER_JOBS } from './features/planner/generation-job';
import { serveJobs } from './lib/jobs/serve';
import { lookupOver } from '@stratum/core/iac/catalog/generic/schema-data';
import { provideResourceSchemas } from '@stratum/core/iac/catalog/generic/schema-source';
import { SchemaStore } from './features/iac/schema-store';
import { SCHEMA_DATA_DIR } from './paths';

export const JOB_HANDLERS = { ...CONVERTER_JOBS, ...PLANNER_JOBS, ...LLM_JOBS };

// A thread has its own copy of core: the generic builders (names, tags, blocks, sensitive
// arguments as variables) and the .tf.json reader need the schema data here as on the main thread.
const schemas = new SchemaStore(SCHEMA_DATA_DIR);
provideResourceSchemas(lookupOver((provider) => schemas.get(provider)));

/** A small job of each engine before the first real one (see serveJobs). */
async function warmUp(): Promise<void> {
  const bicep = `resource st 'Microsoft.Storage/storageAccounts@2023-01-01' = {
  name: 'stwarm'
  location: 'westeurope'
  sku: { name: 'Standard_LRS' }
  kind: 'StorageV2'
}
`;
  const terraform = 'resource "aws_vpc" "main" {\n  cidr_block = "10.0.0.0/16"\n}\n';
  await JOB_HANDLERS.convert({ from: 'bicep', to: 'arm', files: { 'main.bicep': bicep } });
  await JOB_HANDLERS.convert({ from: 'terraform', to: 'design', files: { 'main.tf': terraform } });
}

await serveJobs(JOB_HANDLERS, warmUp);
