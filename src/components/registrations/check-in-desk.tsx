'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { useApi } from '@/components/hooks/use-api';
import { Button } from '@/components/ui/button';
import { SpriteIcon } from '@/components/ui/icons';
import type { CheckInOutcome } from '@/lib/schemas/registration-responses';

type Result = CheckInOutcome;
interface Answer {
  result: Result;
  message: string;
  name: string | null;
  places: number | null;
}

const tone: Record<Result, string> = {
  valid: 'border-green-700 bg-green-50 text-green-900',
  already_used: 'border-amber-600 bg-amber-50 text-amber-900',
  wrong_event: 'border-red-700 bg-red-50 text-red-900',
  wrong_date: 'border-red-700 bg-red-50 text-red-900',
  cancelled: 'border-red-700 bg-red-50 text-red-900',
  not_confirmed: 'border-red-700 bg-red-50 text-red-900',
  invalid: 'border-red-700 bg-red-50 text-red-900',
};

// A code the camera keeps seeing is sent once, not on every frame.
const sameCodeMs = 4000;

/**
 * Issue 33: the check-in at the door, made for a phone: the code typed, or read by the camera (the scanner's
 * code loads only when the camera is turned on). Each answer is shown large, in colour and in words, and
 * read out by screen readers.
 */
export function CheckInDesk({
  eventId,
  dates,
}: {
  eventId: number;
  dates: { value: string; label: string }[] | null;
}) {
  const t = useTranslations('registrants_page');
  const api = useApi();
  const id = useId();
  const [code, setCode] = useState('');
  const [date, setDate] = useState(dates?.[0]?.value ?? '');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [pending, setPending] = useState(false);
  const [camera, setCamera] = useState<'off' | 'starting' | 'on' | 'failed'>('off');
  const video = useRef<HTMLVideoElement>(null);
  const stopScanner = useRef<(() => void) | null>(null);
  const lastScan = useRef({ code: '', at: 0 });
  const dateRef = useRef(date);
  dateRef.current = date;

  const check = async (typed: string) => {
    if (!typed.trim()) return;
    setPending(true);
    try {
      const found = await api('/api/event/{id}/check_in', {
        method: 'POST',
        params: { id: eventId },
        body: { code: typed, ...(dateRef.current ? { date: dateRef.current } : {}) },
      });
      setAnswer(found);
      navigator.vibrate?.(found.result === 'valid' ? 80 : [80, 60, 80]);
    } catch {
      setAnswer(null);
    } finally {
      setPending(false);
    }
  };
  const checkRef = useRef(check);
  checkRef.current = check;

  useEffect(() => () => stopScanner.current?.(), []);

  const startCamera = async () => {
    setCamera('starting');
    try {
      const { BrowserQRCodeReader } = await import('@zxing/browser');
      const reader = new BrowserQRCodeReader();
      if (!video.current) throw new Error('no video element');
      const controls = await reader.decodeFromConstraints(
        { video: { facingMode: 'environment' } },
        video.current,
        (result) => {
          if (!result) return;
          const text = result.getText();
          const now = Date.now();
          if (text === lastScan.current.code && now - lastScan.current.at < sameCodeMs) return;
          lastScan.current = { code: text, at: now };
          setCode(text);
          void checkRef.current(text);
        },
      );
      stopScanner.current = () => controls.stop();
      setCamera('on');
    } catch {
      setCamera('failed');
    }
  };
  const stopCamera = () => {
    stopScanner.current?.();
    stopScanner.current = null;
    setCamera('off');
  };

  return (
    <div className="flex flex-col gap-4">
      {dates && (
        <div>
          <label htmlFor={`${id}-date`} className="mb-1 block font-medium">
            {t('check_in_date')}
          </label>
          <select
            id={`${id}-date`}
            value={date}
            onChange={(event) => setDate(event.target.value)}
            className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3"
          >
            {dates.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void check(code);
        }}
      >
        <label htmlFor={`${id}-code`} className="font-medium">
          {t('ticket_code')}
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-code`}
            name="code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-describedby={`${id}-code-hint`}
            className="h-12 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 font-mono text-lg uppercase"
          />
          <Button type="submit" disabled={pending}>
            {t('check')}
          </Button>
        </div>
        <p id={`${id}-code-hint`} className="text-sm text-slate-600">
          {t('ticket_code_hint')}
        </p>
      </form>

      <div role="status" aria-live="assertive" aria-atomic="true">
        {answer && (
          <div
            data-check-in={answer.result}
            className={`rounded-xl border-4 p-4 text-center ${tone[answer.result]}`}
          >
            <p className="text-2xl font-extrabold">{t(`result.${answer.result}`)}</p>
            <p className="mt-1 text-lg">{answer.message}</p>
          </div>
        )}
      </div>

      <div className="flex flex-col gap-2">
        {camera === 'on' ? (
          <Button variant="secondary" onClick={stopCamera} className="h-12">
            {t('camera_off')}
          </Button>
        ) : (
          <Button variant="secondary" onClick={startCamera} disabled={camera === 'starting'} className="h-12">
            <SpriteIcon name="scan-line" aria-hidden size={20} />
            {t('camera_on')}
          </Button>
        )}
        {camera === 'failed' && (
          <p role="alert" className="text-red-800">
            {t('camera_failed')}
          </p>
        )}
        <video
          ref={video}
          muted
          playsInline
          aria-label={t('camera_label')}
          className={camera === 'on' ? 'w-full rounded-xl bg-black' : 'hidden'}
        />
      </div>
    </div>
  );
}
