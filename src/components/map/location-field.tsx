'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FieldErrors } from '@/components/forms/field-errors';
import { ErrorText, useFieldError } from '@/components/forms/fields';
import { Button } from '@/components/ui/button';
import { MapPin } from '@/components/ui/icons';
import { ModalFrame } from '@/components/ui/modal-dialog';
import { LocationDialog, round } from './location-dialog';
import type { LatLng } from './location-picker';
import type { MapSettings } from './map-settings';

/**
 * The place's map position (spec §5, place-address modal): the chosen coordinates travel as hidden
 * `lat` and `lng`; a native dialog picks them on a map, from the city of the form, or typed in.
 */
export function LocationField({
  initial,
  settings,
  errors,
}: {
  initial: LatLng | null;
  settings: MapSettings;
  errors: FieldErrors;
}) {
  const t = useTranslations('company_form.location');
  const id = useId();
  const [saved, setSaved] = useState<LatLng | null>(initial);
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const messages = useFieldError(errors, 'lat');

  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
  }, [open]);

  const close = useCallback(() => dialog.current?.close(), []);

  return (
    <>
      {saved && (
        <>
          <input type="hidden" name="lat" value={round(saved.lat)} />
          <input type="hidden" name="lng" value={round(saved.lng)} />
        </>
      )}
      <p id={`${id}-current`} className="text-slate-800">
        {saved ? t('current', { lat: saved.lat.toFixed(6), lng: saved.lng.toFixed(6) }) : t('current_none')}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button
          ref={opener}
          variant="outline"
          onClick={() => setOpen(true)}
          aria-describedby={`${id}-current`}
          aria-haspopup="dialog"
          aria-invalid={messages.length > 0}
        >
          <MapPin aria-hidden size={18} />
          {t('open')}
        </Button>
        {saved && (
          <Button
            variant="outline"
            onClick={() => {
              setSaved(null);
              opener.current?.focus();
            }}
          >
            {t('clear')}
          </Button>
        )}
      </div>
      <ErrorText id={`${id}-error`} messages={messages} />
      <ModalFrame
        dialogRef={dialog}
        size="map"
        labelledBy={`${id}-title`}
        describedBy={`${id}-hint`}
        onClose={() => {
          setOpen(false);
          opener.current?.focus();
        }}
      >
        {open && (
          <LocationDialog
            titleId={`${id}-title`}
            hintId={`${id}-hint`}
            initial={saved}
            settings={settings}
            opener={opener}
            onCancel={close}
            onConfirm={(point) => {
              setSaved(point);
              close();
            }}
          />
        )}
      </ModalFrame>
    </>
  );
}
