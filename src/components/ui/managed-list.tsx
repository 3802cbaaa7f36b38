'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { ApiUrl } from '@/lib/api-client';
import { ConfirmDeleteDialog, EditDeleteActions, useConfirmedDelete } from './confirm-delete';

interface Item {
  id: number;
  name: string;
}

/**
 * An organiser's own items (events on /calendar, places on /account/places): the caller draws each
 * row's content, the list adds its edit link and a delete that asks first. Both namespaces carry the
 * same keys for the actions and the dialog.
 */
export function ManagedList<T extends Item>({
  items,
  messages,
  headingId,
  deleteUrl,
  editHref,
  currentId,
  afterDelete,
  confirmNote,
  row,
}: {
  items: T[];
  messages: 'calendar' | 'account_places';
  headingId: string;
  deleteUrl: (item: T) => ApiUrl;
  editHref: (item: T) => string;
  /** The item the page's form is editing, if any. */
  currentId?: number | null;
  afterDelete: (item: T) => void;
  /** What deleting this item means beyond the usual text (an event's creation coming back or not). */
  confirmNote?: (item: T) => string;
  row: (item: T) => ReactNode;
}) {
  // client-messages: calendar account_places
  const t = useTranslations(messages);
  const { ask, target, dialogProps } = useConfirmedDelete<T>({
    url: deleteUrl,
    deletedMessage: (item) => t('deleted', { name: item.name }),
    headingId,
    afterDelete,
  });
  return (
    <>
      <ul className="grid gap-3">
        {items.map((item) => (
          <li
            key={item.id}
            className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center"
          >
            {row(item)}
            <EditDeleteActions
              editHref={editHref(item)}
              current={item.id === currentId}
              labels={{
                edit: t('edit'),
                editNamed: t('edit_named', { name: item.name }),
                delete: t('delete'),
                deleteNamed: t('delete_named', { name: item.name }),
              }}
              onDelete={(button) => ask(item, button)}
            />
          </li>
        ))}
      </ul>

      <ConfirmDeleteDialog
        {...dialogProps}
        title={target ? t('confirm_title', { name: target.name }) : ''}
        text={t('confirm_text')}
        note={target && confirmNote ? confirmNote(target) : undefined}
        cancelLabel={t('cancel')}
        confirmLabel={t('confirm_delete')}
      />
    </>
  );
}
