import { describe, expect, it } from 'vitest';
import { CHECKOUT, MESSAGES, SAFETY_MESSAGES } from '@shabaash/shared';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { compileCatalogue } from './cataloguePlugin.ts';
import { sharedTemplates } from './errors.ts';
import en from './messages/en.json';
import hi from './messages/hi.json';

const english: Record<string, string> = en;
const hindi: Record<string, string> = hi;

/** The placeholders ({name}, plural/select arguments) and inline tags (<link>…</link>) of one message. */
function slots(message: string): string[] {
  const names = new Set<string>();
  const visit = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      names.add(`{${token[0]}}`);
      const choices = token[2];
      if (choices && typeof choices === 'object') {
        for (const [key, choice] of Object.entries(choices)) {
          if (key !== 'offset' && Array.isArray(choice)) visit(choice as CompiledMessage);
        }
      }
    }
  };
  visit(compileMessageOrThrow(message));
  for (const match of message.matchAll(/<(\w+)>/g)) names.add(`<${match[1]}>`);
  return [...names].sort();
}

describe('message catalogues', () => {
  it('translate every English key into Hindi, with no Hindi key the source lacks', () => {
    const missing = Object.keys(english).filter((key) => !hindi[key]?.trim());
    const extra = Object.keys(hindi).filter((key) => !(key in english));
    expect(missing, 'English keys without a Hindi text').toEqual([]);
    expect(extra, 'Hindi keys the English source lacks').toEqual([]);
  });

  it('keep every placeholder and inline tag of the English text in the Hindi one', () => {
    const broken = Object.keys(english).filter(
      (key) => hindi[key] !== undefined && slots(hindi[key]).join() !== slots(english[key]!).join(),
    );
    expect(broken, 'translations that drop or invent a placeholder').toEqual([]);
  });

  it('catches a dropped placeholder (the check above can fail)', () => {
    expect(slots('इस क्रिएटर के लिए कम से कम का सुपरचैट भेजें।')).not.toEqual(
      slots('The minimum superchat for this creator is {amount}.'),
    );
  });

  it('hold SPEC texts word for word: each shared message is its catalogue entry in English', () => {
    const templates = sharedTemplates();
    expect(templates.length).toBeGreaterThan(Object.keys(MESSAGES).length + 40);
    for (const [key, template] of templates) expect(english[key], key).toBe(template);
    expect(english['checkout.title']).toBe(CHECKOUT.title);
    expect(english['checkout.description']).toBe(CHECKOUT.description);
    expect(english['safety.minimumTip']!.replace('{amount}', '₹10.00')).toBe(
      SAFETY_MESSAGES.minimumTip('₹10.00'),
    );
  });

  it('leave no zod message in shared/ outside the tables above, so every validation message has its Hindi', () => {
    const sources = import.meta.glob<string>(['../../../shared/src/**/*.ts', '!**/*.test.ts'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const literal =
      /\berror:\s*['"`]|\{\s*message:\s*['"`]|\.(?:regex|refine|min|max|length)\([^)\n]*,\s*['"`]/;
    expect(Object.keys(sources).length).toBeGreaterThan(20);
    const offenders = Object.entries(sources).flatMap(([file, text]) =>
      text
        .split('\n')
        .filter((line) => literal.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(offenders, 'write the message in VALIDATION_MESSAGES (or another shared table) instead').toEqual(
      [],
    );
    expect(literal.test("  .min(1, { error: 'Name is required.' })")).toBe(true);
  });

  it('compile (valid ICU) in both languages', () => {
    expect(Object.keys(compileCatalogue('en'))).toHaveLength(Object.keys(english).length);
    expect(Object.keys(compileCatalogue('hi'))).toHaveLength(Object.keys(hindi).length);
  });
});
