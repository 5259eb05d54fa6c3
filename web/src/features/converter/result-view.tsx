import { strToU8, zipSync } from 'fflate';
import { CheckCircle2, Download, FolderOpen, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TConvertData } from '@stratum/core/contract/converter/convert';
import type { TConvertFile, TConvertSource, TConvertTarget } from '@stratum/core/convert/types';
import type { TDesign } from '@stratum/core/iac/design/schema-v2';
import { Button } from '../../components/button';
import { SelectField } from '../../components/select-field';
import { isApiError } from '../../lib/api-client';
import { plannerPathFor } from '../../lib/api/projects';
import type { TAssistantAnswer } from './api/assistant';
import { useOpenAsProject } from './api/open-as-project';
import { AssistantRest, assistantFolder } from './assistant-rest';
import { Findings, unconvertedFindings, validationFindings, warningFindings } from './findings';
import { RetargetTable } from './retarget-table';
import { SideBySide, type TLineFocus } from './side-by-side';

export interface ResultViewProps {
  inputs: readonly TConvertFile[];
  initialInput: string;
  result: TConvertData;
  from: TConvertSource;
  to: TConvertTarget;
  /** Same format on both sides (Terraform → Terraform): the view marks changed lines. */
  isDiff: boolean;
}

function downloadZip(name: string, files: readonly TConvertFile[]): void {
  const entries = Object.fromEntries(files.map((f) => [f.path, strToU8(f.content)]));
  const bytes = zipSync(entries, { level: 6 });
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The converted files beside the input, what to know about them, and what to do next. */
export function ResultView({ inputs, initialInput, result, from, to, isDiff }: ResultViewProps) {
  const navigate = useNavigate();
  const open = useOpenAsProject();
  const [inputPath, setInputPath] = useState(initialInput);
  const [outputPath, setOutputPath] = useState(result.files[0]?.path ?? '');
  const [focus, setFocus] = useState<TLineFocus | null>(null);
  const [answer, setAnswer] = useState<TAssistantAnswer | null>(null);
  // The assistant's files sit beside the converted ones, in a folder that says if they validated.
  const folder = answer ? assistantFolder(answer) : '';
  const assisted = (answer?.files ?? []).map((f) => ({ ...f, path: `${folder}/${f.path}` }));
  const outputs = [...result.files, ...assisted];
  const input = inputs.find((f) => f.path === inputPath) ?? inputs[0]!;
  const output = outputs.find((f) => f.path === outputPath);
  const isValid = result.validation.length === 0;

  const showInput = (file: string, line: number) => {
    if (!inputs.some((f) => f.path === file)) return;
    setInputPath(file);
    setFocus({ side: 'input', line: Math.max(line, 1), nonce: Date.now() });
  };
  const showOutput = (file: string, line: number) => {
    if (!outputs.some((f) => f.path === file)) return;
    setOutputPath(file);
    setFocus({ side: 'output', line: Math.max(line, 1), nonce: Date.now() });
  };
  const openAsProject = (design: TDesign) =>
    open.mutate(
      { name: design.name, design },
      { onSuccess: (id) => void navigate(plannerPathFor(id)) },
    );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <p
          className={
            'inline-flex items-center gap-1.5 text-sm font-medium ' +
            (isValid ? 'text-emerald-700' : 'text-red-700')
          }
          role="status"
        >
          {isValid ? (
            <CheckCircle2 aria-hidden className="size-4" />
          ) : (
            <TriangleAlert aria-hidden className="size-4" />
          )}
          {isValid
            ? `${result.files.length} ${result.files.length === 1 ? 'file' : 'files'}, validated`
            : `${result.validation.length} validation ${result.validation.length === 1 ? 'problem' : 'problems'}`}
        </p>
        <div className="ml-auto flex flex-wrap gap-2">
          {result.design && (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              isLoading={open.isPending}
              onClick={() => openAsProject(result.design as unknown as TDesign)}
            >
              <FolderOpen aria-hidden className="size-4" />
              Open as a project
            </Button>
          )}
          <Button
            type="button"
            size="sm"
            disabled={outputs.length === 0}
            onClick={() => downloadZip(`converted-${to}.zip`, outputs)}
          >
            <Download aria-hidden className="size-4" />
            Download as zip
          </Button>
        </div>
      </div>
      {open.isError && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {isApiError(open.error) ? open.error.message : 'The project could not be created.'}
        </p>
      )}

      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Input file"
          value={input.path}
          onChange={(e) => setInputPath(e.target.value)}
          options={inputs.map((f) => ({ value: f.path, label: f.path }))}
        />
        <SelectField
          label="Output file"
          value={outputPath}
          onChange={(e) => setOutputPath(e.target.value)}
          options={outputs.map((f) => ({ value: f.path, label: f.path }))}
        />
      </div>
      <SideBySide input={input} output={output} focus={focus} isDiff={isDiff} />

      <Findings
        title="Validation problems in the output"
        tone="problem"
        side="output"
        findings={validationFindings(result)}
        onOpen={showOutput}
      />
      <AssistantRest
        result={result}
        from={from}
        to={to}
        answer={answer}
        onAnswer={(next) => {
          setAnswer(next);
          const first = next.files[0];
          if (first) setOutputPath(`${assistantFolder(next)}/${first.path}`);
        }}
      />
      {answer && (
        <Findings
          title="Problems in the assistant's answer (unvalidated)"
          tone="problem"
          side="output"
          findings={answer.validation.map((v) => ({
            file: `${folder}/${v.file}`,
            line: v.line,
            text: v.message,
          }))}
          onOpen={showOutput}
        />
      )}
      <Findings
        title="Not converted"
        tone="left-out"
        side="input"
        findings={unconvertedFindings(result)}
        onOpen={showInput}
      />
      <Findings
        title="Warnings"
        tone="caveat"
        side="input"
        findings={warningFindings(result)}
        onOpen={showInput}
      />
      {result.retarget && <RetargetTable retarget={result.retarget} />}
    </div>
  );
}
