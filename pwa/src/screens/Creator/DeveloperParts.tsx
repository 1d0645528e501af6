import type { FormEvent, ReactNode } from 'react';
import { FormStatus, FormSubmit } from '../../components/FormStatus.tsx';
import { useT } from '../../i18n/i18n.tsx';

/**
 * What the creator made (API tokens, webhook endpoints): "loading", the load failure or "none yet" from
 * `<area>.loading`, `.loadFailed` and `.none`, else the items in a list named `<area>.list`.
 */
export function DevList<Item extends { id: string }>({
  area,
  query,
  items,
  children,
}: {
  area: 'apiTokens' | 'webhooks';
  query: { isPending: boolean; isError: boolean };
  items: readonly Item[] | undefined;
  /** One item's `<li>`. */
  children(item: Item): ReactNode;
}) {
  const { t } = useT();
  if (query.isPending) return <p className="muted">{t(`${area}.loading`)}</p>;
  if (query.isError || !items) return <FormStatus error={t(`${area}.loadFailed`)} />;
  if (items.length === 0) return <p className="muted small">{t(`${area}.none`)}</p>;
  return (
    <ul className="dev-list" aria-label={t(`${area}.list`)}>
      {items.map((item) => children(item))}
    </ul>
  );
}

/** Checkboxes choosing some of `options` (token scopes, webhook events), each shown as its name and meaning. */
export function CodeChecklist<Option extends string>({
  legend,
  options,
  chosen,
  meaning,
  onChange,
}: {
  legend: string;
  options: readonly Option[];
  chosen: readonly Option[];
  meaning(option: Option): string;
  onChange(chosen: Option[]): void;
}) {
  return (
    <fieldset className="dev-fieldset">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option} className="dev-check">
          <input
            type="checkbox"
            checked={chosen.includes(option)}
            onChange={(e) =>
              onChange(e.target.checked ? [...chosen, option] : chosen.filter((x) => x !== option))
            }
          />
          <span>
            <code>{option}</code> {meaning(option)}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The form that makes a token or an endpoint: its fields, the outcome line, and the submit button. */
export function MakeForm({
  status,
  busy,
  submitLabel,
  onSubmit,
  children,
}: {
  status: { error?: string; success?: string };
  busy: boolean;
  submitLabel: string;
  onSubmit(): Promise<void>;
  children: ReactNode;
}) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      {children}
      <FormSubmit error={status.error} success={status.success} disabled={busy} block={false}>
        {submitLabel}
      </FormSubmit>
    </form>
  );
}
