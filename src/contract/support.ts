import * as v from 'valibot';

export const SUPPORT_PRIORITIES = ['Low', 'Normal', 'High', 'Urgent'] as const;
export const SUPPORT_TYPES = ['Question', 'Problem', 'Feature Request', 'Other'] as const;

/** POST {api}/Support body (spec 1 §3, §5). Phone is digits or the (999) 999-9999 mask. */
export const SupportMessage = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('Please enter your name.'), v.maxLength(100)),
  phone: v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^$|^\(\d{3}\) \d{3}-\d{4}$/, 'Phone must be in the format (999) 999-9999.'),
  ),
  priority: v.picklist(SUPPORT_PRIORITIES),
  type: v.picklist(SUPPORT_TYPES),
  message: v.pipe(
    v.string('Please enter an issue description.'),
    v.trim(),
    v.nonEmpty('Please enter an issue description.'),
    v.maxLength(2000, 'Description can be no longer than 2000 characters.'),
  ),
});
export type SupportMessage = v.InferOutput<typeof SupportMessage>;
