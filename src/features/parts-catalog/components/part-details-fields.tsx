import { useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import {
  CATALOG_ADMIN_MESSAGES,
  CATALOG_ADMIN_TEXT,
  CONTROL_CHARACTERS,
  CONTROL_CHARACTERS_MESSAGE,
  type CatalogPartSubmission,
} from '../../../contract';
import { notify } from '../../../lib/notifier';
import { revalidateLogic, useAppForm, withForm } from '../../../ui/form';
import { notifyChangeFailure, reloadListsSoon, useSubmitPart } from '../api';

/** The fields a plant user writes for a part: its friendly description (required, spec 3 §5) and notes. */
export interface PartDetailsValues {
  friendlyDescription: string;
  notes: string;
}

/** A text field of the catalog forms as the contract's Text rule reads it (contract/text.ts), on the form's string value. */
export const formText = (max: number) =>
  v.pipe(
    v.string(),
    v.check((value) => !CONTROL_CHARACTERS.test(value), CONTROL_CHARACTERS_MESSAGE),
    v.check((value) => value.trim().length <= max, `Can be no longer than ${max} characters.`),
  );

export const partDetailsSchema = v.object({
  friendlyDescription: v.pipe(
    formText(200),
    v.check((value) => value.trim() !== '', CATALOG_ADMIN_MESSAGES.friendlyDescriptionRequired),
  ),
  notes: formText(500),
});

/** spec 3 §5: with no friendly description the action silently does nothing. */
export const hasFriendlyDescription = (values: PartDetailsValues) => values.friendlyDescription.trim() !== '';

/** The POST /PartsCatalog body of a part, its details and a new image (base64) when one was chosen. */
export function submissionOf(
  part: Pick<CatalogPartSubmission, 'plantNumber' | 'categoryNumber' | 'commodityNumber' | 'partNumber' | 'subPartNumber'> & {
    partsCatalogId?: number;
  },
  values: PartDetailsValues,
  base64Image: string | undefined,
): CatalogPartSubmission {
  return {
    ...(part.partsCatalogId ? { partsCatalogId: part.partsCatalogId } : {}),
    plantNumber: part.plantNumber,
    categoryNumber: part.categoryNumber,
    commodityNumber: part.commodityNumber,
    partNumber: part.partNumber,
    subPartNumber: part.subPartNumber,
    friendlyDescription: values.friendlyDescription.trim(),
    notes: values.notes.trim(),
    ...(base64Image ? { base64Image } : {}),
  };
}

export const PartDetailsFields = withForm({
  defaultValues: { friendlyDescription: '', notes: '' } as PartDetailsValues,
  props: { disabled: false as boolean, initialFocus: undefined as React.Ref<HTMLInputElement> | undefined },
  render: function PartDetailsFieldsRender({ form, disabled, initialFocus }) {
    return (
      <>
        <form.AppField name="friendlyDescription">
          {(field) => <field.TextField label="Friendly description" required maxLength={200} disabled={disabled} inputRef={initialFocus} />}
        </form.AppField>
        <form.AppField name="notes">
          {(field) => <field.TextAreaField label="Notes" maxLength={500} rows={3} disabled={disabled} />}
        </form.AppField>
      </>
    );
  },
});

/**
 * The Part Details form, submitting a change request (POST /PartsCatalog) for `part` with the chosen image's Base64:
 * the 'submitted' toast, the lists reloaded soon, then `onSubmitted`. Refused, the failure is said and the form stays
 * (spec 3 §8: the busy flag, `submit.isPending`, clears).
 */
export function usePartDetailsForm(
  defaultValues: PartDetailsValues,
  part: Parameters<typeof submissionOf>[0] | undefined,
  base64Image: string | undefined,
  onSubmitted: () => void,
) {
  const queryClient = useQueryClient();
  const submit = useSubmitPart();
  const form = useAppForm({
    defaultValues,
    validationLogic: revalidateLogic(),
    validators: { onDynamic: partDetailsSchema },
    onSubmit: async ({ value }) => {
      if (!part || !hasFriendlyDescription(value)) return;
      try {
        const saved = await submit.mutateAsync(submissionOf(part, value, base64Image));
        notify({ level: 'success', title: CATALOG_ADMIN_TEXT.submitted(saved.combinedPartNumber) });
        reloadListsSoon(queryClient);
        onSubmitted();
      } catch (error) {
        notifyChangeFailure(error);
      }
    },
  });
  return { form, submit };
}
