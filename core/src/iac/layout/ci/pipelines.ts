import type { TEmitInput, TGeneratedFile } from '../../emit/emitter';
import { githubWorkflow } from './github';
import { gitlabCi } from './gitlab';
import type { TPipeline } from './pipeline';

/** The pipeline file the design's `layout.ciProvider` asks for. */
export function pipelineFile(input: TEmitInput, pipeline: TPipeline): TGeneratedFile {
  return input.ciProvider === 'gitlab' ? gitlabCi(pipeline) : githubWorkflow(pipeline);
}
