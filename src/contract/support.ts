import * as v from 'valibot';
import { RequiredText } from './text';

export const SUPPORT_PRIORITIES = ['Low', 'Normal', 'High', 'Urgent'] as const;
export const SUPPORT_TYPES = ['Question', 'Problem', 'Feature Request', 'Other'] as const;

/** POST {api}/Support body (spec 1 §3, §5). Phone is digits or the (999) 999-9999 mask. */
export const SupportMessage = v.object({
  name: RequiredText('Please enter your name.', 100, { allow: 'string' }),
  phone: v.pipe(v.string(), v.trim(), v.regex(/^$|^\(\d{3}\) \d{3}-\d{4}$/, 'Phone must be in the format (999) 999-9999.')),
  priority: v.picklist(SUPPORT_PRIORITIES),
  type: v.picklist(SUPPORT_TYPES),
  message: RequiredText('Please enter an issue description.', 2000, {
    allow: 'string',
    tooLong: 'Description can be no longer than 2000 characters.',
  }),
});
export type SupportMessage = v.InferOutput<typeof SupportMessage>;
