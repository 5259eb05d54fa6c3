import { provideResourceSchemas } from '../iac/catalog/generic/schema-source';

// Unit files share one module graph per worker (vitest.config.ts, `isolate: false`): each file
// starts from the engine's default state, whatever the file before it plugged in.
provideResourceSchemas(undefined);
