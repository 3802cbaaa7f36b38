// The report button's look, shared by the guest's link and the signed-in visitor's dialog trigger.
export const buttonClass =
  'inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-60';
