/**
 * The default exec handler: a few deterministic commands a test can rely on — `echo`,
 * `cat` (stdin back to stdout until stdin closes), `env`, `sleep N`, `true`/`false`,
 * `sh -c '<script>'` (statements: echo [>&2], exit N, env, true, false, sleep) and an
 * interactive `sh`/`bash` that reads lines from stdin (echoing input under a tty).
 */
import type { ExecIo } from './exec';

/** The runtime could not start the command: the real server reports an InternalError. */
export class ExecStartError extends Error {}

function words(line: string): string[] {
  const out: string[] = [];
  const re = /'([^']*)'|"((?:\\.|[^"\\])*)"|(\S+)/g;
  for (const m of line.matchAll(re)) out.push(m[1] ?? m[2]?.replace(/\\(.)/g, '$1') ?? m[3]!);
  return out;
}

function environment(io: ExecIo): string[] {
  return [
    'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    `HOSTNAME=${io.session.pod}`,
    ...io.session.env.map(([k, v]) => `${k}=${v}`),
    'KUBERNETES_SERVICE_HOST=10.96.0.1',
    'KUBERNETES_SERVICE_PORT=443',
    'KUBERNETES_PORT=tcp://10.96.0.1:443',
    'HOME=/root',
  ];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs one `sh` statement list; returns the exit code, or `exit` to leave the shell. */
async function runScript(io: ExecIo, script: string): Promise<{ code: number; exit: boolean }> {
  let code = 0;
  for (const statement of script
    .split(/;|&&|\n/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    const argv = words(statement);
    const toStderr = argv.length > 0 && ['>&2', '1>&2'].includes(argv[argv.length - 1]!);
    if (toStderr) argv.pop();
    const [cmd, ...args] = argv;
    switch (cmd) {
      case 'exit':
        return { code: args[0] ? Number(args[0]) & 255 : code, exit: true };
      case 'echo':
        (toStderr ? io.stderr : io.stdout)(`${args.join(' ')}\n`);
        code = 0;
        break;
      case 'env':
      case 'printenv':
        io.stdout(`${environment(io).join('\n')}\n`);
        code = 0;
        break;
      case 'true':
        code = 0;
        break;
      case 'false':
        code = 1;
        break;
      case 'sleep':
        await sleep(Number(args[0] ?? 0) * 1000);
        code = 0;
        break;
      default:
        io.stderr(`sh: 1: ${cmd}: not found\n`);
        code = 127;
    }
  }
  return { code, exit: false };
}

function cat(io: ExecIo): Promise<number> {
  return new Promise((resolve) => {
    io.onStdin((chunk) => io.stdout(chunk));
    io.onStdinEnd(() => resolve(0));
  });
}

/** An interactive shell over stdin: a prompt, line editing reduced to Enter and Backspace. */
function interactiveShell(io: ExecIo): Promise<number> {
  const tty = io.session.tty;
  const prompt = () => tty && io.stdout('# ');
  return new Promise((resolve) => {
    let line = '';
    let last = 0;
    let queue = Promise.resolve();
    let done = false;
    prompt();
    io.onStdin((chunk) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') {
          if (tty) io.stdout('\r\n');
          const text = line;
          line = '';
          queue = queue.then(async () => {
            if (done) return;
            const result = await runScript(io, text);
            last = result.code;
            if (result.exit) {
              done = true;
              resolve(result.code);
            } else prompt();
          });
        } else if (ch === '\x7f' || ch === '\b') {
          if (line) {
            line = line.slice(0, -1);
            if (tty) io.stdout('\b \b');
          }
        } else if (ch === '\x04' && line === '') {
          done = true;
          resolve(last);
        } else {
          line += ch;
          if (tty) io.stdout(ch);
        }
      }
    });
    io.onStdinEnd(() => void queue.then(() => resolve(last)));
  });
}

const SHELLS = new Set(['sh', '/bin/sh', 'bash', '/bin/bash', 'ash', '/bin/ash']);

export async function defaultExecHandler(io: ExecIo): Promise<number> {
  const [cmd, ...args] = io.session.command;
  if (cmd === 'echo' || cmd === '/bin/echo') {
    io.stdout(`${args.join(' ')}\n`);
    return 0;
  }
  if (cmd === 'cat' || cmd === '/bin/cat') return cat(io);
  if (cmd === 'env' || cmd === '/usr/bin/env' || cmd === 'printenv') {
    io.stdout(`${environment(io).join('\n')}\n`);
    return 0;
  }
  if (cmd === 'true') return 0;
  if (cmd === 'false') return 1;
  if (cmd === 'sleep') {
    await sleep(Number(args[0] ?? 0) * 1000);
    return 0;
  }
  if (cmd && SHELLS.has(cmd)) {
    if (args[0] === '-c') return (await runScript(io, args[1] ?? '')).code;
    return interactiveShell(io);
  }
  throw new ExecStartError(
    `OCI runtime exec failed: exec failed: unable to start container process: exec: "${cmd ?? ''}": executable file not found in $PATH: unknown`,
  );
}
