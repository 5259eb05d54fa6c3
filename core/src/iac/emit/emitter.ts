import type { TCiProvider } from '../design/backend-settings';
import type { TResolvedDesign } from '../design/resolve';
import type { TArmModel } from '../ir/arm-ir';
import type { TTfModel } from '../ir/terraform-ir';
import type { TNodeName } from '../naming/naming';
import type { TCloud } from '../types';

export const FORMATS = ['terraform', 'bicep', 'arm'] as const;
export type TFormat = (typeof FORMATS)[number];

export interface TGeneratedFile {
  readonly path: string;
  readonly content: string;
}

export interface TEmitInput {
  readonly resolved: TResolvedDesign;
  readonly names: ReadonlyMap<string, TNodeName>;
  /** Layout name; each emitter lists the ones it knows. */
  readonly layout: string;
  readonly ci: boolean;
  /** Which pipeline `ci` writes. */
  readonly ciProvider: TCiProvider;
  readonly readme: boolean;
  /** The model already built for this input (generation checks it first); built when absent. */
  readonly tfModel?: TTfModel;
  readonly armModel?: TArmModel;
}

/** One output format. Emitters are pure: same input, byte-identical files. */
export interface TEmitter {
  readonly format: TFormat;
  readonly clouds: readonly TCloud[];
  readonly layouts: readonly string[];
  readonly defaultLayout: string;
  emit(input: TEmitInput): TGeneratedFile[];
}
