import type { TChatBody } from '@stratum/core/contract/llm/chat';
import type { TGenerateResult } from '@stratum/core/contract/llm/generate';
import { parseDesign } from '@stratum/core/iac/design/parse';
import { prepareDesign } from '@stratum/core/iac/generate';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { ASSISTANT_LIMITS } from '@stratum/core/assistant/limits';
import { AppError } from '../../lib/errors';

/** The most recent messages that fit the conversation budget, oldest first. */
export function trimConversation(messages: TChatBody['messages']): ChatCompletionMessageParam[] {
  const kept: ChatCompletionMessageParam[] = [];
  let total = 0;
  for (const message of [...messages].reverse().slice(0, ASSISTANT_LIMITS.maxMessages)) {
    total += message.content.length;
    if (total > ASSISTANT_LIMITS.maxConversationChars && kept.length > 0) break;
    kept.unshift({ role: message.role, content: message.content });
  }
  return kept;
}

/** task `design`: the answer must be a design document the engine accepts. */
export function designResult(answer: string): TGenerateResult {
  const fenced = /```(?:json)?\s*\n([\s\S]*?)```/.exec(answer)?.[1] ?? answer;
  let value: unknown;
  try {
    value = JSON.parse(fenced.trim());
  } catch {
    throw new AppError(
      'llm/invalid_answer',
      'The model did not answer with a JSON design document.',
    );
  }
  const prepared = prepareDesign(value);
  if (!prepared.ok) {
    const issues = prepared.issues
      .filter((i) => i.severity === 'error')
      .map((i) => ({ path: i.path, message: i.message }));
    throw new AppError(
      'llm/invalid_answer',
      "The model's design does not validate, so it was not opened.",
      { issues },
    );
  }
  const design = parseDesign(value);
  const document = design.ok ? design.design : prepared.design;
  return {
    files: [{ path: 'design.json', content: `${JSON.stringify(document, null, 2)}\n` }],
    design: document,
  };
}

export function describeFailure(error: AppError): string {
  const issues = error.extra.issues ?? [];
  if (issues.length === 0) return error.message;
  return `${error.message}\n\n${issues.map((i) => `- ${i.path ? `${i.path}: ` : ''}${i.message}`).join('\n')}`;
}
