'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Eye, EyeOff } from '@/components/ui/icons';
import { ErrorText, FieldLabel, type FieldProps, inputClass, useField } from './fields';

// A module of its own: the show/hide button and its icons load only with the forms that ask for a password.
export function PasswordField(props: Omit<FieldProps, 'type'>) {
  const t = useTranslations('forms');
  const [visible, setVisible] = useState(false);
  const { id, messages, errorId, control } = useField(props.errors, props.name);
  const { name, label, errors: _errors, errorKey: _key, hint: _hint, className, ...rest } = props;
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} required={rest.required} />
      <div className="relative">
        <input
          name={name}
          type={visible ? 'text' : 'password'}
          {...control}
          className={`${inputClass} pr-12`}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-slate-600"
          aria-label={visible ? t('hide_password') : t('show_password')}
          aria-pressed={visible}
        >
          {visible ? <EyeOff aria-hidden size={18} /> : <Eye aria-hidden size={18} />}
        </button>
      </div>
      <ErrorText id={errorId} messages={messages} />
    </div>
  );
}
