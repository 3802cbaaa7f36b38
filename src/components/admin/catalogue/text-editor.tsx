'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback, useId, useRef, useState } from 'react';
import { SubmitButton, TextAreaField, TextField } from '@/components/forms/fields';
import { readFormValues } from '@/components/forms/read-form-values';
import { useApiForm } from '@/components/forms/use-api-form';
import { useApi } from '@/components/hooks/use-api';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toasts';
import type { ApiBody } from '@/lib/api-client';

export interface TextValues {
  slug: string;
  title_pl: string;
  title_en: string;
  body_pl: string;
  body_en: string;
}

type Lang = 'pl' | 'en';

/**
 * A text page's titles and HTML in both languages, with a preview of one language as the public page will
 * show it: the API sanitises the HTML exactly as it will on save, and it is rendered with the public
 * page's markup (components/texts/text-page.tsx).
 */
export function TextEditor({ initial }: { initial: TextValues }) {
  const t = useTranslations('admin_catalogue');
  const api = useApi();
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const previewId = useId();
  const [preview, setPreview] = useState<{ lang: Lang; title: string; html: string } | null>(null);

  const submit = useCallback(
    async (form: HTMLFormElement) => {
      await api('/api/admin/catalogue/text/{slug}', {
        method: 'PUT',
        params: { slug: initial.slug },
        body: readFormValues(form) as ApiBody<'/api/admin/catalogue/text/{slug}', 'PUT'>,
        overlay: true,
      });
      toast.success(t('saved'));
      setPreview(null);
      router.refresh();
    },
    [api, initial.slug, router, t],
  );
  const { errors, pending, onSubmit } = useApiForm(submit);

  const showPreview = async (lang: Lang) => {
    const form = formRef.current;
    if (!form) return;
    const values = readFormValues(form) as Record<string, string>;
    try {
      const res = await api('/api/admin/catalogue/text-preview', {
        method: 'POST',
        body: { html: values[`body_${lang}`] ?? '' },
      });
      setPreview({ lang, title: values[`title_${lang}`] ?? '', html: res.data.html });
      requestAnimationFrame(() => document.getElementById(previewId)?.focus());
    } catch {
      // Shown by useApi.
    }
  };

  return (
    <div className="grid gap-6">
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="grid gap-4 lg:grid-cols-2">
          {(['pl', 'en'] as const).map((lang) => (
            <fieldset key={lang} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4">
              <legend className="px-1 font-semibold">{t(`texts.lang_${lang}`)}</legend>
              <TextField
                name={`title_${lang}`}
                label={t('texts.title_field')}
                errors={errors}
                required
                defaultValue={initial[`title_${lang}`]}
              />
              <TextAreaField
                name={`body_${lang}`}
                label={t('texts.body_field')}
                errors={errors}
                defaultValue={initial[`body_${lang}`]}
                rows={18}
                spellCheck={false}
                className="font-mono text-sm"
              />
              <Button variant="secondary" onClick={() => showPreview(lang)} className="justify-self-start">
                {t(`texts.preview_${lang}`)}
              </Button>
            </fieldset>
          ))}
        </div>
        <p className="text-sm text-slate-600">{t('texts.sanitised_hint')}</p>
        <div>
          <SubmitButton pending={pending}>{t('save')}</SubmitButton>
        </div>
      </form>
      {preview && (
        <section
          id={previewId}
          tabIndex={-1}
          aria-label={t(`texts.preview_${preview.lang}`)}
          className="rounded-xl border-2 border-dashed border-brand-300 bg-white"
        >
          <p className="border-b border-slate-200 px-4 py-2 text-sm font-semibold text-brand-700">
            {t('texts.preview_note')}
          </p>
          <article className="mx-auto max-w-3xl px-4 py-10" lang={preview.lang}>
            <h1 className="text-3xl font-bold">{preview.title}</h1>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API as it is on save */}
            <div className="prose-text mt-6" dangerouslySetInnerHTML={{ __html: preview.html }} />
          </article>
        </section>
      )}
    </div>
  );
}
