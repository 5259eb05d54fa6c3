import { parseArgs } from 'node:util';
import {
  catalogCommand,
  checkCommand,
  generateCommand,
  namingCommand,
  retargetCommand,
  schemaCommand,
  validateCommand,
  type TOutcome,
} from './commands';
import { useSchemaData } from './checks/schema-data';
import { convertCommand } from './convert';
import { CliError } from './io';

const USAGE = `stratum — infrastructure as code from a design document

Usage:
  stratum generate <design.json> --format terraform|bicep|arm [--layout <name>] --out <dir> [--ci] [--ci-provider github|gitlab] [--no-readme]
  stratum validate <design.json>
  stratum naming <design.json>
  stratum retarget <design.json> --to aws|azure|gcp|oci [--out <file>]
  stratum check <dir>            validate generated Terraform/ARM offline
  stratum convert <in> --from terraform|bicep|arm --to design|terraform|bicep|arm [--provider aws|azure|gcp|oci] --out <dir>
                                 <in>: a file, a folder or a zip; warnings as file:line: message
  stratum catalog [--cloud <cloud>]
  stratum schema [--out <file>]    JSON Schema of the design document

Options:
  --json    machine-readable output on stdout
Exit status: 0 success, 1 invalid input (reasons on stderr).`;

async function run(argv: string[]): Promise<TOutcome> {
  useSchemaData();
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      format: { type: 'string' },
      layout: { type: 'string' },
      out: { type: 'string' },
      to: { type: 'string' },
      from: { type: 'string' },
      provider: { type: 'string' },
      cloud: { type: 'string' },
      json: { type: 'boolean' },
      ci: { type: 'boolean' },
      'ci-provider': { type: 'string' },
      'no-readme': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, target] = positionals;
  if (values.help || !command) return { ok: !!values.help, json: { usage: USAGE }, text: USAGE };
  const needTarget = () => {
    if (!target)
      throw new CliError(`${command}: missing <${command === 'check' ? 'dir' : 'design.json'}>`);
    return target;
  };
  switch (command) {
    case 'generate':
      return generateCommand(needTarget(), {
        format: values.format,
        layout: values.layout,
        out: values.out,
        ci: values.ci,
        ciProvider: values['ci-provider'],
        readme: !values['no-readme'],
      });
    case 'validate':
      return validateCommand(needTarget());
    case 'naming':
      return namingCommand(needTarget());
    case 'retarget':
      return retargetCommand(needTarget(), values.to, values.out);
    case 'check':
      return checkCommand(needTarget());
    case 'convert':
      return convertCommand(needTarget(), values);
    case 'catalog':
      return catalogCommand(values.cloud);
    case 'schema':
      return schemaCommand(values.out);
    default:
      throw new CliError(`unknown command "${command}"\n\n${USAGE}`);
  }
}

export async function main(argv: string[]): Promise<number> {
  const isJson = argv.includes('--json');
  try {
    const outcome = await run(argv);
    if (isJson) process.stdout.write(JSON.stringify(outcome.json, null, 2) + '\n');
    if (outcome.ok) {
      if (!isJson) process.stdout.write(outcome.text + '\n');
      return 0;
    }
    process.stderr.write(outcome.text + '\n');
    return 1;
  } catch (e) {
    const message =
      e instanceof CliError ||
      (e instanceof Error &&
        'code' in e &&
        String((e as { code: unknown }).code).startsWith('ERR_PARSE_ARGS'))
        ? e.message
        : ((e as Error).stack ?? String(e));
    if (isJson) process.stdout.write(JSON.stringify({ ok: false, error: message }) + '\n');
    process.stderr.write(`stratum: ${message}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
