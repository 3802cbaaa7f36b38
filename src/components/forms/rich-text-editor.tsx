'use client';

import { useTranslations } from 'next-intl';
import { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { type IconProps, SpriteIcon, type StaticIcon } from '@/components/ui/icons';
import { ErrorText, inputClass, RequiredMark, useField } from './fields';
import {
  editorPlugins,
  headingActive,
  linkHrefAt,
  listAt,
  markActive,
  removeLink,
  setLink,
  toggleBold,
  toggleHeading,
  toggleItalic,
  toggleList,
} from './rich-text-commands';
import type { RichTextFieldProps } from './rich-text-field';
import { linkHref } from './rich-text-link';
import { docOf, htmlOf, richTextSchema } from './rich-text-schema';

// The toolbar's icons, from the sprite (kept here: only this lazily loaded chunk draws them).
const Bold = (props: IconProps) => <SpriteIcon name="letter-b" {...props} />;
const Italic = (props: IconProps) => <SpriteIcon name="italic" {...props} />;
const Heading3 = (props: IconProps) => <SpriteIcon name="heading-3" {...props} />;
const LinkIcon = (props: IconProps) => <SpriteIcon name="link" {...props} />;
const List = (props: IconProps) => <SpriteIcon name="list" {...props} />;
const ListOrdered = (props: IconProps) => <SpriteIcon name="list-ordered" {...props} />;
const Unlink = (props: IconProps) => <SpriteIcon name="unlink" {...props} />;

const textKeys = [
  'toolbar',
  'bold',
  'italic',
  'heading',
  'bullet_list',
  'ordered_list',
  'link',
  'unlink',
  'link_address',
  'link_hint',
  'link_invalid',
  'link_apply',
  'link_cancel',
] as const;
type RichTextTexts = Record<(typeof textKeys)[number], string>;

/**
 * The field as the editor shows it, in place of `RichTextField`'s textarea: the label, the editor, the hint
 * and the errors, and a hidden input that sends the HTML with the surrounding form.
 */
export function RichTextEditorField({
  name,
  label,
  errors,
  value,
  onChange,
  maxLength,
  lang,
  required,
  autoFocus,
}: RichTextFieldProps & { onChange: (html: string) => void; autoFocus: boolean }) {
  const t = useTranslations('forms');
  const { id, messages, errorId } = useField(errors, name);
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const texts = Object.fromEntries(textKeys.map((key) => [key, t(`rich_text.${key}`)])) as RichTextTexts;
  return (
    <div>
      <p id={labelId} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
        <RequiredMark shown={required} />
      </p>
      <RichTextEditor
        id={id}
        labelId={labelId}
        describedBy={messages.length ? `${hintId} ${errorId}` : hintId}
        invalid={messages.length > 0}
        required={required}
        lang={lang}
        initial={value}
        maxLength={maxLength}
        autoFocus={autoFocus}
        texts={texts}
        onChange={onChange}
      />
      <input type="hidden" name={name} value={value} />
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {t('rich_text.hint')}
      </p>
      <ErrorText id={errorId} messages={messages} />
    </div>
  );
}

interface RichTextEditorProps {
  /** The editable area's id, its label's id and what describes it (hint, errors). */
  id: string;
  labelId: string;
  describedBy: string;
  invalid: boolean;
  required?: boolean;
  lang?: string;
  /** The HTML the editor starts from (what the plain textarea held). */
  initial: string;
  maxLength?: number;
  /** Takes the focus on mount: the textarea it replaces had it. */
  autoFocus: boolean;
  texts: RichTextTexts;
  onChange: (html: string) => void;
}

const editableClass =
  'prose-text min-h-32 w-full rounded-b-lg border border-slate-300 bg-white p-3 text-base break-words whitespace-pre-wrap [&>:first-child]:mt-0 [&>:last-child]:mb-0 aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-red-200';

const toolClass =
  'inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-200 aria-pressed:bg-brand-100 aria-pressed:text-brand-800 aria-disabled:text-slate-400 aria-disabled:hover:bg-transparent';

/**
 * The editor (issue 31): ProseMirror with a toolbar (WAI-ARIA toolbar: one Tab stop, arrows
 * move between the buttons) for bold, italic, a heading, two kinds of list and links.
 */
function RichTextEditor(props: RichTextEditorProps) {
  const { id, labelId, describedBy, invalid, required, lang, maxLength, texts } = props;
  const mount = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const [state, setState] = useState<EditorState | null>(null);
  const [linkForm, setLinkForm] = useState<{ value: string; invalid: boolean } | null>(null);
  // The editable area is ProseMirror's, not React's: its ARIA attributes go through the view.
  const attributes = useMemo(() => {
    const all: Record<string, string> = {
      id,
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-labelledby': labelId,
      'aria-invalid': String(invalid),
      class: editableClass,
    };
    if (describedBy) all['aria-describedby'] = describedBy;
    if (required) all['aria-required'] = 'true';
    if (lang) all.lang = lang;
    return all;
  }, [id, labelId, describedBy, invalid, required, lang]);
  const attributesNow = useRef(attributes);
  attributesNow.current = attributes;

  const openLink = useCallback(() => {
    const view = viewRef.current;
    if (view) setLinkForm({ value: linkHrefAt(view.state) ?? '', invalid: false });
  }, []);

  useEffect(() => {
    const place = mount.current;
    if (!place) return;
    const view: EditorView = new EditorView(
      { mount: place },
      {
        state: EditorState.create({
          doc: docOf(latest.current.initial),
          plugins: editorPlugins({ openLink, maxLength }),
        }),
        attributes: attributesNow.current,
        dispatchTransaction(tr) {
          const next = view.state.apply(tr);
          view.updateState(next);
          setState(next);
          if (tr.docChanged) latest.current.onChange(htmlOf(next.doc));
        },
      },
    );
    viewRef.current = view;
    setState(view.state);
    // The textarea had the focus when the editor came: it goes on here, unless it has moved on since.
    const active = document.activeElement;
    if (latest.current.autoFocus && (!active || active === document.body)) view.focus();
    return () => {
      viewRef.current = null;
      view.destroy();
    };
  }, [openLink, maxLength]);

  useEffect(() => {
    viewRef.current?.setProps({ attributes });
  }, [attributes]);

  const run = (command: (s: EditorState, d: EditorView['dispatch']) => boolean) => {
    const view = viewRef.current;
    if (!view) return;
    // Back to the text first, so a mark switched on with nothing selected applies to what is typed next.
    view.focus();
    command(view.state, view.dispatch);
  };

  const closeLink = () => {
    setLinkForm(null);
    viewRef.current?.focus();
  };
  const applyLink = () => {
    if (!linkForm) return;
    const href = linkHref(linkForm.value);
    if (!href) {
      setLinkForm({ ...linkForm, invalid: true });
      return;
    }
    setLinkForm(null);
    run(setLink(href, linkForm.value.trim()));
  };

  const { marks, nodes } = richTextSchema;
  const hasLink = state ? linkHrefAt(state) !== null : false;
  const list = state ? listAt(state) : null;
  const tools: ToolProps[] = [
    {
      label: texts.bold,
      icon: Bold,
      pressed: state ? markActive(state, marks.strong) : false,
      keys: 'Control+B Meta+B',
      onPress: () => run(toggleBold),
    },
    {
      label: texts.italic,
      icon: Italic,
      pressed: state ? markActive(state, marks.em) : false,
      keys: 'Control+I Meta+I',
      onPress: () => run(toggleItalic),
    },
    {
      label: texts.heading,
      icon: Heading3,
      pressed: state ? headingActive(state) : false,
      onPress: () => run(toggleHeading),
    },
    {
      label: texts.bullet_list,
      icon: List,
      pressed: list === nodes.bullet_list,
      onPress: () => run(toggleList(nodes.bullet_list)),
    },
    {
      label: texts.ordered_list,
      icon: ListOrdered,
      pressed: list === nodes.ordered_list,
      onPress: () => run(toggleList(nodes.ordered_list)),
    },
    {
      label: texts.link,
      icon: LinkIcon,
      expanded: linkForm !== null,
      keys: 'Control+K Meta+K',
      onPress: () => (linkForm ? closeLink() : openLink()),
    },
    { label: texts.unlink, icon: Unlink, disabled: !hasLink, onPress: () => run(removeLink) },
  ];

  return (
    <>
      {/* aria-controls must name an element on the page: the editable area exists once the view does. */}
      <Toolbar label={texts.toolbar} controls={state ? id : undefined} tools={tools} />
      {linkForm && (
        <LinkForm
          form={linkForm}
          texts={texts}
          onInput={(value) => setLinkForm({ value, invalid: false })}
          onApply={applyLink}
          onCancel={closeLink}
        />
      )}
      <div ref={mount} />
    </>
  );
}

interface ToolProps {
  label: string;
  icon: StaticIcon;
  /** A toggle (bold, a list): aria-pressed. */
  pressed?: boolean;
  /** The link button opens the link form below the toolbar. */
  expanded?: boolean;
  disabled?: boolean;
  keys?: string;
  onPress: () => void;
}

function Tool({
  label,
  icon: Icon,
  pressed,
  expanded,
  disabled,
  keys,
  onPress,
  tabIndex,
}: ToolProps & { tabIndex: number }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      aria-expanded={expanded}
      aria-disabled={disabled || undefined}
      aria-keyshortcuts={keys}
      tabIndex={tabIndex}
      // The editor keeps its selection: a press on a button must not take the focus from it first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => {
        if (!disabled) onPress();
      }}
      className={toolClass}
    >
      <Icon aria-hidden size={20} />
    </button>
  );
}

/** A WAI-ARIA toolbar: Tab reaches one button (the last one moved to), arrows, Home and End the others. */
function Toolbar({
  label,
  controls,
  tools,
}: {
  label: string;
  controls: string | undefined;
  tools: ToolProps[];
}) {
  const [index, setIndex] = useState(0);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = [...event.currentTarget.querySelectorAll('button')];
    const at = all.indexOf(event.target as HTMLButtonElement);
    const last = all.length - 1;
    const to: Record<string, number> = {
      ArrowRight: at === last ? 0 : at + 1,
      ArrowLeft: at === 0 ? last : at - 1,
      Home: 0,
      End: last,
    };
    const next = to[event.key];
    if (at < 0 || next === undefined) return;
    event.preventDefault();
    setIndex(next);
    all[next]?.focus();
  };
  return (
    <div
      role="toolbar"
      aria-label={label}
      aria-controls={controls}
      onKeyDown={onKeyDown}
      className="flex flex-wrap gap-1 rounded-t-lg border border-b-0 border-slate-300 bg-slate-50 p-1"
    >
      {tools.map((tool, i) => (
        <Tool key={tool.label} {...tool} tabIndex={i === index ? 0 : -1} />
      ))}
    </div>
  );
}

function LinkForm({
  form,
  texts,
  onInput,
  onApply,
  onCancel,
}: {
  form: { value: string; invalid: boolean };
  texts: RichTextTexts;
  onInput: (value: string) => void;
  onApply: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  // Inside the page's form: Enter must link, not send the whole form; Escape goes back to the text.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onApply();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };
  return (
    <div className="flex flex-wrap items-end gap-2 border border-b-0 border-slate-300 bg-slate-50 p-2">
      <div className="min-w-0 flex-1 basis-48">
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
          {texts.link_address}
        </label>
        <input
          ref={input}
          id={id}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={form.value}
          onChange={(event) => onInput(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={form.invalid}
          aria-describedby={`${id}-hint`}
          className={inputClass}
        />
      </div>
      <div className="flex gap-2">
        <Button onClick={onApply}>{texts.link_apply}</Button>
        <Button variant="secondary" onClick={onCancel}>
          {texts.link_cancel}
        </Button>
      </div>
      <p
        id={`${id}-hint`}
        aria-live="polite"
        className={`w-full text-sm ${form.invalid ? 'text-red-700' : 'text-slate-600'}`}
      >
        {form.invalid ? texts.link_invalid : texts.link_hint}
      </p>
    </div>
  );
}
