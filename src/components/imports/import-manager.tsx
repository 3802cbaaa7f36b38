'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { SelectField, SubmitButton, UrlField } from '@/components/forms/fields';
import { useApiForm } from '@/components/forms/use-api-form';
import { useApi } from '@/components/hooks/use-api';
import { Button } from '@/components/ui/button';

export interface ShownImport {
  id: number;
  source: string;
  isFile: boolean;
  lastRun: string;
  status: string | null;
  counts: string;
  report: { uid: string; name: string; outcome: string; reason: string }[];
}

interface Summary {
  created: number;
  updated: number;
  skipped: number;
  failed: number;
}

/** The import form and the place's imports, with "Run now" and "Delete"; the page reloads their reports. */
export function ImportManager({
  placeId,
  categories,
  imports,
}: {
  placeId: number;
  categories: { id: number; name: string }[];
  imports: ShownImport[];
}) {
  const t = useTranslations('import');
  const api = useApi();
  const router = useRouter();
  const id = useId();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const done = (s: Summary) => setMessage(t('done', { ...s }));

  // Checked by the API (it resolves the URL's host); the file goes as multipart.
  const { errors, pending, onSubmit } = useApiForm(async (form) => {
    const res = await api('/api/place/{id}/imports', {
      method: 'POST',
      params: { id: placeId },
      body: new FormData(form),
      overlay: true,
    });
    done(res.data.summary);
    form.reset();
    router.refresh();
  });

  const act = async (importId: number, run: boolean) => {
    setBusy(importId);
    try {
      if (run) {
        const res = await api('/api/imports/{id}/run', {
          method: 'POST',
          params: { id: importId },
          overlay: true,
        });
        done(res.data);
      } else {
        await api('/api/imports/{id}', { method: 'DELETE', params: { id: importId } });
        setMessage(t('deleted'));
      }
      router.refresh();
    } catch {
      // useApi has shown the error.
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="space-y-8">
      <p className="text-slate-700">{t('intro')}</p>
      <form onSubmit={onSubmit} noValidate className="space-y-4" encType="multipart/form-data">
        <UrlField name="url" label={t('url')} errors={errors} />
        <div>
          <label htmlFor={`${id}-file`} className="mb-1 block font-medium">
            {t('file')}
          </label>
          <input
            id={`${id}-file`}
            name="file"
            type="file"
            accept=".ics,text/calendar"
            aria-invalid={Boolean(errors.file?.length)}
            aria-describedby={errors.file?.length ? `${id}-file-error` : undefined}
            className="block w-full max-w-full text-sm"
          />
          {errors.file?.length ? (
            <p id={`${id}-file-error`} className="mt-1 text-sm text-red-700">
              {errors.file.join(' ')}
            </p>
          ) : null}
        </div>
        <SelectField name="category_id" label={t('category')} errors={errors} required>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SubmitButton pending={pending}>{t('submit')}</SubmitButton>
      </form>
      <p role="status" className="font-medium text-green-800 empty:hidden">
        {message}
      </p>
      <section aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`} className="mb-3 text-lg font-bold">
          {t('list')}
        </h2>
        {imports.length === 0 ? (
          <p className="text-slate-700">{t('none')}</p>
        ) : (
          <ul className="space-y-4">
            {imports.map((i) => (
              <li key={i.id} className="rounded-xl border border-slate-200 bg-white p-4">
                <p className="font-semibold break-all">{i.source}</p>
                <p className="text-sm text-slate-700">
                  {i.lastRun}
                  {i.status ? ` · ${i.status}` : ''}
                </p>
                <p className="text-sm text-slate-700">{i.counts}</p>
                {i.report.length > 0 && (
                  <details className="mt-2">
                    <summary className="cursor-pointer text-sm font-medium">{t('report')}</summary>
                    <ul className="mt-2 space-y-1 text-sm">
                      {i.report.map((r) => (
                        <li key={`${r.uid}-${r.outcome}`} className="break-words">
                          <span className="font-medium">{r.name}</span>: {r.outcome}
                          {r.reason ? ` (${r.reason})` : ''}
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
                <div className="mt-3 flex flex-wrap gap-2">
                  {!i.isFile && (
                    <Button
                      variant="secondary"
                      size="compact"
                      disabled={busy === i.id}
                      onClick={() => act(i.id, true)}
                    >
                      {t('run_now')}
                    </Button>
                  )}
                  <Button
                    variant="secondary"
                    size="compact"
                    disabled={busy === i.id}
                    onClick={() => act(i.id, false)}
                  >
                    {t('delete')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
