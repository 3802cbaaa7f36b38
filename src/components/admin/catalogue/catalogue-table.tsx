'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog, useConfirmedDelete } from '@/components/ui/confirm-delete';
import { Pencil, Trash2, X } from '@/components/ui/icons';
import { Panel } from '@/components/ui/panel';
import type { ApiUrl } from '@/lib/api-client';
import { CatalogueForm, type FieldSpec, type FormValues } from './catalogue-form';

export interface CatalogueRow {
  id: number;
  /** How the row is named in buttons and dialogs. */
  name: string;
  /** The shown values, one per column. */
  cells: string[];
  /** The edit form's starting values. */
  values: FormValues;
  /** What deleting this row means beyond the usual text (how many places and events lose an attribute). */
  deleteNote?: string;
  /** The row's API address (`apiUrl('/api/admin/catalogue/category/{id}', …)`): its edit and its delete. */
  url: ApiUrl;
}

/**
 * A catalogue list: a table from the md breakpoint, a list of cards below it (360 px phones). Each row can
 * be edited in a panel under the list (one at a time) and, when `deleteUrl` is given, deleted after a
 * confirmation; a refused deletion (the item is in use) is told in a toast and the dialog stays open.
 */
export function CatalogueTable({
  title,
  columns,
  rows,
  fields,
  canDelete = true,
  empty,
}: {
  title: string;
  columns: string[];
  rows: CatalogueRow[];
  fields: FieldSpec[];
  canDelete?: boolean;
  empty: string;
}) {
  const t = useTranslations('admin_catalogue');
  const router = useRouter();
  const headingId = useId();
  const editHeadingId = useId();
  const [editing, setEditing] = useState<number | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const editRow = rows.find((r) => r.id === editing);

  useEffect(() => {
    if (editing !== null) document.getElementById(editHeadingId)?.focus();
  }, [editing, editHeadingId]);

  const remove = useConfirmedDelete<CatalogueRow>({
    url: (item) => item.url,
    deletedMessage: (item) => t('deleted', { name: item.name }),
    headingId,
    afterDelete: (item) => {
      if (editing === item.id) setEditing(null);
      router.refresh();
    },
  });

  const closeEdit = () => {
    setEditing(null);
    opener.current?.focus();
  };

  const actions = (row: CatalogueRow) => (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        onClick={(event) => {
          opener.current = event.currentTarget;
          setEditing(row.id);
        }}
        aria-label={t('edit_named', { name: row.name })}
        aria-expanded={editing === row.id}
      >
        <Pencil aria-hidden size={16} />
        {t('edit')}
      </Button>
      {canDelete && (
        <Button
          variant="danger-outline"
          onClick={(event) => remove.ask(row, event.currentTarget)}
          aria-label={t('delete_named', { name: row.name })}
          aria-haspopup="dialog"
        >
          <Trash2 aria-hidden size={16} />
          {t('delete')}
        </Button>
      )}
    </div>
  );

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h2 id={headingId} tabIndex={-1} className="text-xl font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          {empty}
        </p>
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  {columns.map((c) => (
                    <th key={c} scope="col" className="px-3 py-2 font-semibold">
                      {c}
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2 font-semibold">
                    <span className="sr-only">{t('actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className="border-t border-slate-200 align-middle">
                    {row.cells.map((cell, i) => (
                      <td key={columns[i] ?? i} className="px-3 py-2 break-words">
                        {cell}
                      </td>
                    ))}
                    <td className="px-3 py-2">{actions(row)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid gap-3 md:hidden">
            {rows.map((row) => (
              <li key={row.id} className="rounded-xl border border-slate-200 bg-white p-4">
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  {row.cells.map((cell, i) => (
                    <div key={columns[i] ?? i} className="contents">
                      <dt className="font-medium text-slate-600">{columns[i]}</dt>
                      <dd className="min-w-0 break-words">{cell}</dd>
                    </div>
                  ))}
                </dl>
                <div className="mt-3">{actions(row)}</div>
              </li>
            ))}
          </ul>
        </>
      )}
      {editRow && (
        <div className="rounded-xl border border-brand-200 bg-white p-4 shadow-sm sm:p-6">
          <div className="mb-4 flex items-start justify-between gap-3">
            <h3 id={editHeadingId} tabIndex={-1} className="text-lg font-semibold break-words">
              {t('editing', { name: editRow.name })}
            </h3>
            <button
              type="button"
              onClick={closeEdit}
              aria-label={t('close_edit')}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 hover:bg-slate-100"
            >
              <X aria-hidden size={18} />
            </button>
          </div>
          <CatalogueForm
            key={editRow.id}
            fields={fields}
            initial={editRow.values}
            url={editRow.url}
            method="PUT"
            submitLabel={t('save')}
            onSaved={closeEdit}
          />
        </div>
      )}
      {canDelete && (
        <ConfirmDeleteDialog
          {...remove.dialogProps}
          title={t('delete_title', { name: remove.target?.name ?? '' })}
          text={t('delete_text')}
          note={remove.target?.deleteNote}
          cancelLabel={t('cancel')}
          confirmLabel={t('delete')}
        />
      )}
    </section>
  );
}

/** A "new item" panel under a list. */
export function CatalogueCreate({
  title,
  fields,
  url,
  initial,
}: {
  title: string;
  fields: FieldSpec[];
  url: ApiUrl;
  initial?: FormValues;
}) {
  const t = useTranslations('admin_catalogue');
  const headingId = useId();
  return (
    <Panel id={headingId} title={title}>
      <CatalogueForm
        fields={fields}
        initial={initial}
        url={url}
        method="POST"
        submitLabel={t('add')}
        resetAfter
      />
    </Panel>
  );
}
