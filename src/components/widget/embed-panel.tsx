'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { useCopy } from '@/components/ui/use-copy';
import { isLocale, type Locale, locales } from '@/lib/locale';
import {
  iframeSnippet,
  scriptSnippet,
  type WidgetOptions,
  type WidgetTheme,
  widgetHeightMessage,
  widgetLimit,
  widgetThemes,
  widgetUrl,
} from '@/lib/widget';

/** What a widget shows: a place's events, or a search's (GET /api/event parameters as a query string). */
export type EmbedTarget = { placeId: number } | { search: string };
/** The frame's title in each language, for the iframe snippet (the page has only its own texts). */
export type FrameTitles = Record<Locale, string>;

const limitChoices = [3, widgetLimit.default, 10, widgetLimit.max];
const control = 'rounded-md border border-slate-300 px-2 py-1 text-sm';

function Choice<T extends string>({
  legend,
  name,
  values,
  value,
  label,
  onChange,
}: {
  legend: string;
  name: string;
  values: readonly T[];
  value: T;
  label: (value: T) => string;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1">
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {values.map((v) => (
        <label key={v} className="inline-flex items-center gap-2 text-sm">
          <input type="radio" name={name} value={v} checked={value === v} onChange={() => onChange(v)} />
          {label(v)}
        </label>
      ))}
    </fieldset>
  );
}

function Snippet({ label, code, copyKey }: { label: string; code: string; copyKey: string }) {
  const t = useTranslations('widget');
  const id = useId();
  const { copy, copied, failed } = useCopy();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        readOnly
        rows={4}
        value={code}
        onFocus={(e) => e.currentTarget.select()}
        className="w-full resize-y rounded-md border border-slate-300 bg-slate-50 p-2 font-mono text-xs break-all"
      />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => copy(copyKey, code)}
          className="inline-flex h-9 items-center rounded-full bg-slate-900 px-4 text-sm font-medium text-white hover:bg-slate-700"
        >
          {t('copy')}
        </button>
        <span role="status" className="text-sm text-slate-600">
          {copied === copyKey ? t('copied') : failed === copyKey ? t('copy_failed') : ''}
        </span>
      </div>
    </div>
  );
}

/** The preview: the real widget, from this very portal, fitted to its height as the script snippet does. */
function Preview({ options, title }: { options: WidgetOptions; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(120 + 64 * options.limit);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { type?: unknown; height?: unknown } | null;
      if (data?.type === widgetHeightMessage && typeof data.height === 'number') {
        setHeight(Math.min(Math.max(Math.ceil(data.height), 40), 4000));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return (
    <iframe
      ref={frame}
      src={widgetUrl('', options)}
      title={title}
      style={{ height }}
      className="block w-full rounded-md border border-slate-200"
    />
  );
}

/** The Embed dialog's content: the choices, the two snippets with their Copy buttons, and a preview. */
export function EmbedPanel({ target, frameTitles }: { target: EmbedTarget; frameTitles: FrameTitles }) {
  const t = useTranslations('widget');
  const pageLocale = useLocale();
  const [theme, setTheme] = useState<WidgetTheme>('light');
  const [lang, setLang] = useState<Locale>(isLocale(pageLocale) ? pageLocale : 'pl');
  const [limit, setLimit] = useState<number>(widgetLimit.default);
  const limitId = useId();
  const options: WidgetOptions = { ...target, theme, lang, limit };
  // Rendered only in the browser (the dialog loads on the first press): the snippets name the address
  // the visitor is on, which is the portal's public one.
  const origin = window.location.origin;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t('intro')}</p>
      <div className="flex flex-wrap gap-x-8 gap-y-3">
        <Choice
          legend={t('theme')}
          name="widget-theme"
          values={widgetThemes}
          value={theme}
          label={(v) => t(`theme_${v}`)}
          onChange={setTheme}
        />
        <Choice
          legend={t('lang')}
          name="widget-lang"
          values={locales}
          value={lang}
          label={(v) => t(`lang_${v}`)}
          onChange={setLang}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={limitId} className="text-sm font-semibold">
            {t('limit')}
          </label>
          <select
            id={limitId}
            value={limit}
            onChange={(e) => setLimit(Number(e.target.value))}
            className={control}
          >
            {limitChoices.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Snippet label={t('script_snippet')} code={scriptSnippet(origin, options)} copyKey="script" />
      <Snippet
        label={t('iframe_snippet')}
        code={iframeSnippet(origin, options, frameTitles[lang])}
        copyKey="iframe"
      />
      <section aria-label={t('preview')} className="flex flex-col gap-1">
        <h3 className="text-sm font-semibold">{t('preview')}</h3>
        <Preview options={options} title={`${t('preview')}: ${frameTitles[lang]}`} />
      </section>
    </div>
  );
}
