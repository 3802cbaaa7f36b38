'use client';

import { useTranslations } from 'next-intl';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import type { FieldErrors } from './field-errors';
import { TextAreaField } from './fields';

type EditorField = ComponentType<
  RichTextFieldProps & { onChange: (html: string) => void; autoFocus: boolean }
>;

// The editor (ProseMirror, about 69 KB gzip) is a chunk of its own, fetched once after the first field
// mounts: the form pages' first load stays within their budget (scripts/check-js-budget.ts).
let editorChunk: Promise<EditorField> | undefined;
let loadedEditor: EditorField | undefined;
function loadEditor(): Promise<EditorField> {
  editorChunk ??= import('./rich-text-editor').then(
    (m) => {
      loadedEditor = m.RichTextEditorField;
      return loadedEditor;
    },
    (error: unknown) => {
      editorChunk = undefined;
      throw error;
    },
  );
  return editorChunk;
}

export interface RichTextFieldProps {
  name: string;
  label: string;
  errors: FieldErrors;
  /** HTML; the field sends what it holds under `name` with the surrounding form. */
  value: string;
  onChange?: (html: string) => void;
  maxLength?: number;
  lang?: string;
  required?: boolean;
}

/**
 * A description written with formatting (issue 31). A plain textarea first, which works before and
 * without the editor's code (it takes simple HTML, as before); once the editor has loaded, it takes the
 * textarea's place and text, and sends its HTML under the same name. The server sanitises either.
 */
export function RichTextField(props: RichTextFieldProps) {
  // Another name (the other language's tab) is another text: a new editor, not this one refilled.
  return <Field key={props.name} {...props} />;
}

function Field(props: RichTextFieldProps) {
  const t = useTranslations('forms');
  const [own, setOwn] = useState(props.value);
  const value = props.onChange ? props.value : own;
  const onChange = props.onChange ?? setOwn;
  const [editor, setEditor] = useState<{ Field: EditorField; focus: boolean } | null>(null);
  const plain = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    const swap = (Field: EditorField) => {
      if (live) setEditor({ Field, focus: Boolean(plain.current?.contains(document.activeElement)) });
    };
    if (loadedEditor) swap(loadedEditor);
    // Without the editor's chunk (offline, say) the textarea stays, and still sends the text.
    else loadEditor().then(swap, () => {});
    return () => {
      live = false;
    };
  }, []);

  if (editor) return <editor.Field {...props} value={value} onChange={onChange} autoFocus={editor.focus} />;
  const { name, label, errors, maxLength, lang, required } = props;
  return (
    <div ref={plain}>
      <TextAreaField
        name={name}
        label={label}
        errors={errors}
        maxLength={maxLength}
        lang={lang}
        required={required}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={6}
      />
      <p className="mt-1 text-xs text-slate-600">{t('rich_text.html_hint')}</p>
    </div>
  );
}
