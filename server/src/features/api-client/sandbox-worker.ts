/**
 * The code of a sandbox worker thread, as CommonJS source run with `new Worker(…, { eval: true })`:
 * the server is bundled into one file and its tests run from TypeScript, so a worker file of its
 * own would need a build step of its own. The thread loads QuickJS (WebAssembly) once; each job
 * gets a new QuickJS runtime with a memory limit and an interrupt deadline, the `pm` prelude, the
 * input as a JSON string, then the user's script, and answers the prelude's output JSON string.
 * Only strings cross in and out: no host function or object is reachable from a script.
 *
 * A failure of QuickJS itself (an abort inside WebAssembly) leaves the module unusable: the
 * thread reports it and exits, and the pool starts another.
 */
export const SANDBOX_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const core = require(workerData.corePath);
const variantModule = require(workerData.variantPath);
const variant = variantModule.default || variantModule;
const STACK_BYTES = 256 * 1024;
const modulePromise = core.newQuickJSWASMModuleFromVariant(variant);

function describe(error, filename) {
  if (!error || typeof error !== 'object') return String(error);
  const name = error.name || 'Error';
  const message = error.message || '';
  let lineNumber = typeof error.lineNumber === 'number' ? error.lineNumber : undefined;
  if (lineNumber === undefined && filename && typeof error.stack === 'string') {
    const at = error.stack.indexOf(filename + ':');
    if (at !== -1) lineNumber = parseInt(error.stack.slice(at + filename.length + 1), 10);
  }
  const line = lineNumber !== undefined && !isNaN(lineNumber) ? ' (line ' + lineNumber + ')' : '';
  return name + ': ' + message + line;
}

function runJob(mod, job) {
  const runtime = mod.newRuntime();
  const handles = [];
  let context;
  let deadline = Date.now() + job.timeoutMs;
  let interrupted = false;
  try {
    runtime.setMemoryLimit(job.memoryBytes);
    runtime.setMaxStackSize(STACK_BYTES);
    runtime.setInterruptHandler(() => {
      if (Date.now() > deadline) {
        interrupted = true;
        return true;
      }
      return false;
    });
    context = runtime.newContext();
    const prelude = context.evalCode(job.prelude, 'pm.js');
    if (prelude.error) {
      const e = context.dump(prelude.error);
      prelude.error.dispose();
      return { error: 'The script API failed to start: ' + describe(e) };
    }
    prelude.value.dispose();
    const setup = context.getProp(context.global, '__stratumSetup');
    const finish = context.getProp(context.global, '__stratumFinish');
    handles.push(setup, finish);
    const input = context.newString(job.input);
    const body = context.newString(job.body);
    handles.push(input, body);
    const started = context.callFunction(setup, context.undefined, input, body);
    if (started.error) {
      const e = context.dump(started.error);
      started.error.dispose();
      return { error: 'The script API failed to start: ' + describe(e) };
    }
    started.value.dispose();

    let scriptError;
    const ran = context.evalCode(job.script, job.filename);
    if (ran.error) {
      scriptError = context.dump(ran.error);
      ran.error.dispose();
    } else ran.value.dispose();
    if (!interrupted) {
      const pending = runtime.executePendingJobs(-1);
      if (pending.error) {
        if (!scriptError) scriptError = context.dump(pending.error);
        pending.error.dispose();
      }
    }
    let message;
    if (interrupted) {
      message = 'The script ran longer than ' + job.timeoutMs + ' ms and was stopped.';
    } else if (scriptError && scriptError.message === 'out of memory') {
      message = 'The script used more than ' + Math.round(job.memoryBytes / 1048576) + ' MiB of memory and was stopped.';
    } else if (scriptError) {
      message = describe(scriptError, job.filename);
    }
    // What the script did until it stopped is still reported: a little time and room to say it.
    deadline = Date.now() + 1000;
    interrupted = false;
    runtime.setMemoryLimit(job.memoryBytes + 16 * 1024 * 1024);
    const reason = message === undefined ? context.undefined : context.newString(message);
    if (message !== undefined) handles.push(reason);
    const done = context.callFunction(finish, context.undefined, reason);
    if (done.error) {
      done.error.dispose();
      return { error: message || 'The script stopped before its results could be read.' };
    }
    const output = context.getString(done.value);
    done.value.dispose();
    return { output };
  } finally {
    for (const h of handles) if (h.alive) h.dispose();
    if (context) context.dispose();
    runtime.dispose();
  }
}

modulePromise.then(
  (mod) => {
    parentPort.on('message', (job) => {
      let result;
      try {
        result = runJob(mod, job);
      } catch (e) {
        parentPort.postMessage({ id: job.id, error: 'The script sandbox failed: ' + describe(e), fatal: true });
        process.exit(1);
      }
      parentPort.postMessage(Object.assign({ id: job.id }, result));
    });
    parentPort.postMessage({ ready: true });
  },
  (e) => {
    parentPort.postMessage({ ready: false, error: describe(e) });
    process.exit(1);
  },
);
`;
