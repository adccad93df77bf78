import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useRef } from 'react';
import { useRouter } from '@tanstack/react-router';
import { notify } from '../lib/notifier';
import { discardUnsentCreate, WriteRefusedError } from '../offline/runtime';

/**
 * Submit and Cancel of a kept record's review (a work order, a parts order; spec 3 §4, §8), the same for both once the
 * screen has checked what it checks: each goes back to the list when done. A refused submit says why (`setRefusal`,
 * shown in the notice of `issuesRef`, which gets the focus) and reloads the record; a cancel of a record made on this
 * device and not sent yet drops its queued create.
 */
export function useReviewActions(
  setBusy: (busy: 'submit' | 'cancel' | null) => void,
  listPath: string,
  recordKeys: QueryKey,
  refusalMessage: (message: string) => string,
  setRefusal: (message: string) => void,
) {
  const router = useRouter();
  const issuesRef = useRef<HTMLDivElement>(null);
  /** Moves the focus to the notice of why the record cannot be submitted, once it shows. */
  const focusIssues = () => {
    requestAnimationFrame(() => issuesRef.current?.focus());
  };
  const queryClient = useQueryClient();

  async function submit(send: () => Promise<unknown>, notSubmitted: string) {
    setBusy('submit');
    try {
      await send();
      void router.navigate({ href: listPath });
    } catch (error) {
      setRefusal(error instanceof WriteRefusedError ? refusalMessage(error.message) : notSubmitted);
      void queryClient.invalidateQueries({ queryKey: recordKeys });
      focusIssues();
    } finally {
      setBusy(null);
    }
  }

  async function cancel(key: string, send: () => Promise<unknown>, canceled: string, notCanceled: string) {
    setBusy('cancel');
    try {
      if (await discardUnsentCreate(key)) notify({ level: 'success', title: canceled });
      else await send();
      void router.navigate({ href: listPath });
    } catch (error) {
      notify({ level: 'warning', title: notCanceled, description: error instanceof Error ? refusalMessage(error.message) : undefined });
    } finally {
      setBusy(null);
    }
  }

  return { issuesRef, focusIssues, submit, cancel };
}
