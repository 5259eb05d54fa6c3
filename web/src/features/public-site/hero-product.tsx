import { FileCode2 } from 'lucide-react';
import { HeroBoard } from './hero-board';
import { HERO_EXAMPLE } from './hero-example';

/** A string, a key before `=`, or anything else: enough colour to read HCL at a glance. */
const TOKEN = /("(?:[^"\\]|\\.)*")|(^\s*[a-z_]+(?=\s*=))|([^"]+?(?="|$))/g;

function HclLine({ line }: { line: string }) {
  return (
    <>
      {[...line.matchAll(TOKEN)].map((m, i) => {
        const className = m[1] ? 'text-emerald-300' : m[2] ? 'text-sky-300' : undefined;
        return (
          <span key={i} className={className}>
            {m[0]}
          </span>
        );
      })}
      {'\n'}
    </>
  );
}

/** The product in the hero: a real example's board and the Terraform the engine emits for it. */
export function HeroProduct() {
  return (
    <figure className="mx-auto w-full max-w-xl overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg">
      <div className="border-b border-slate-200 p-3 sm:p-4">
        <HeroBoard example={HERO_EXAMPLE} />
      </div>
      <div className="bg-slate-900">
        <div className="flex items-center gap-2 border-b border-slate-700 px-4 py-2 text-xs text-slate-300">
          <FileCode2 className="size-3.5" aria-hidden="true" />
          {HERO_EXAMPLE.codePath}
        </div>
        <pre
          tabIndex={0}
          aria-label={`Generated ${HERO_EXAMPLE.codePath}, an excerpt`}
          className="max-h-64 overflow-auto p-4 font-mono text-[11px] leading-5 text-slate-100 sm:text-xs"
        >
          {HERO_EXAMPLE.code.split('\n').map((line, i) => (
            <HclLine key={i} line={line} />
          ))}
        </pre>
      </div>
      <figcaption className="border-t border-slate-200 px-4 py-2 text-xs text-slate-600">
        The example design <code>{HERO_EXAMPLE.design}</code> — a network, two subnets and their
        services — and part of the Terraform Stratum generates from it, the same every time.
      </figcaption>
    </figure>
  );
}
