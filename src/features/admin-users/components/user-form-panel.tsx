import { useStore } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import * as v from 'valibot';
import { ConflictBody, ManagedUser, PASSWORD_SYMBOLS, type CmhUser } from '../../../contract';
import { isHttpError, isOfflineError, notifyBadRequest } from '../../../lib/http';
import { notify } from '../../../lib/notifier';
import { focusFirstInvalidField } from '../../../ui/focus';
import { revalidateLogic, useAppForm } from '../../../ui/form';
import { SidePanel, SidePanelCancel, SidePanelSaveFooter, useSidePanelClose } from '../../../ui/side-panel';
import { checkExistingEmail } from '../api/check-existing-email';
import { useCreateUser } from '../api/create-user';
import { useUser } from '../api/get-user';
import { adminUserKeys } from '../api/keys';
import { useUpdateUser } from '../api/update-user';
import { READ_ONLY_USERS_MESSAGE, USER_FORM_FOCUS_DELAY_MS, USER_SAVED_MESSAGES } from '../constants';
import {
  editUserValues,
  EMAIL_EXISTS_ERROR,
  isCheckableEmail,
  newUserValues,
  toCreateBody,
  toUpdateBody,
  userFormSchema,
  type UserFormMode,
  type UserFormValues,
} from '../user-form';
import { UserAccessFields } from './user-access-fields';
import '../admin-users.css';

const USERS_PATH = '/admin/users';
const PASSWORD_RULES = `At least 8 characters, with an upper-case letter, a lower-case letter, a digit and one of ${PASSWORD_SYMBOLS.split('').join(' ')}. Give it to the user: they can change it in My Account.`;

type Admin = Pick<CmhUser, 'retailerNumber' | 'availableRetailers'>;

const fieldNames: readonly (keyof UserFormValues)[] = [
  'firstName',
  'lastName',
  'userName',
  'isActive',
  'roles',
  'retailerNumbers',
  'password',
  'confirmPassword',
];
const asFieldName = (path: string | undefined) => fieldNames.find((name) => name === path?.split('.')[0]);

/** spec 1 §5: uniqueness of a new address is asked on blur; no answer (offline) leaves it to the server. */
async function emailExistsError(value: string, signal: AbortSignal) {
  if (!isCheckableEmail(value)) return undefined;
  try {
    return (await checkExistingEmail(value.trim(), signal)) ? EMAIL_EXISTS_ERROR : undefined;
  } catch {
    return undefined;
  }
}

interface UserFormProps {
  admin: Admin;
  mode: UserFormMode;
  /** A 409 on save: the user as the server has them now. */
  onConflict?: (current: ManagedUser) => void;
}

/** spec 1 §2, §4, §5 User form in a side panel: add mode (New User) or edit mode (Edit User). */
function UserForm({ admin, mode, onConflict }: UserFormProps) {
  const create = useCreateUser();
  const update = useUpdateUser();
  const close = useSidePanelClose(USERS_PATH);
  const firstNameRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const saving = create.isPending || update.isPending;
  const adding = mode.kind === 'add';

  const form = useAppForm({
    defaultValues: adding ? newUserValues(admin) : editUserValues(mode.user),
    validationLogic: revalidateLogic({ mode: 'blur', modeAfterSubmission: 'change' }),
    validators: { onDynamic: userFormSchema(mode) },
    onSubmit: async ({ value, formApi }) => {
      try {
        const saved = adding ? await create.mutateAsync(toCreateBody(value)) : await update.mutateAsync(toUpdateBody(value, mode.user));
        const name = `${saved.firstName} ${saved.lastName}`;
        notify({ level: 'success', title: adding ? USER_SAVED_MESSAGES.created(name) : USER_SAVED_MESSAGES.updated(name) });
        close();
      } catch (error) {
        if (isHttpError(error, 400)) {
          const issues = error.body?.issues ?? (error.body ? [{ field: error.body.field ?? '', message: error.body.message }] : []);
          const placed = issues.filter((issue) => {
            const name = asFieldName(issue.field);
            if (!name) return false;
            // Kept until the field changes or the form is submitted again (TanStack clears onSubmit errors then).
            formApi.setFieldMeta(name, (meta) => ({ ...meta, isBlurred: true, errorMap: { ...meta.errorMap, onSubmit: issue.message } }));
            return true;
          });
          if (placed.length === 0) notifyBadRequest(error.body?.message);
        } else if (isHttpError(error, 409)) {
          const current = v.safeParse(ConflictBody, error.data);
          const user = current.success ? v.safeParse(ManagedUser, current.output.current) : null;
          notify({
            level: 'warning',
            title: 'This user was changed by someone else.',
            description: 'The latest version has been loaded. Review your changes and save again.',
          });
          if (user?.success) onConflict?.(user.output);
        } else if (isOfflineError(error)) {
          notify({
            level: 'warning',
            title: 'You are offline.',
            description: 'The user was not saved: save again when you are back online.',
          });
        }
      }
    },
  });
  const dirty = useStore(form.store, (state) => state.isDirty);

  async function submit() {
    // TanStack drops a first submit made while a check runs — Save clicked straight from the e-mail field,
    // whose blur has just asked the server — so the submit waits for the check to answer.
    const checking = () => form.state.isFieldsValidating || form.state.isFormValidating;
    if (checking()) {
      await new Promise<void>((resolve) => {
        const subscription = form.store.subscribe(() => {
          if (checking()) return;
          subscription.unsubscribe();
          resolve();
        });
      });
    }
    await form.handleSubmit();
    focusFirstInvalidField(formRef.current?.closest('form') ?? null);
  }

  return (
    <SidePanel
      title={adding ? 'New User' : 'Edit User'}
      closeTo={USERS_PATH}
      size="large"
      dirty={dirty && !saving}
      locked={saving}
      initialFocus={firstNameRef}
      initialFocusDelayMs={USER_FORM_FOCUS_DELAY_MS}
      onSubmit={() => void submit()}
      footer={<SidePanelSaveFooter saving={saving} />}
    >
      <div ref={formRef} className="form user-form">
        <div className="form__row">
          <form.AppField name="firstName">
            {(field) => <field.TextField label="First name" autoComplete="off" required maxLength={20} inputRef={firstNameRef} />}
          </form.AppField>
          <form.AppField name="lastName">
            {(field) => <field.TextField label="Last name" autoComplete="off" required maxLength={20} />}
          </form.AppField>
        </div>
        {adding ? (
          <form.AppField name="userName" validators={{ onBlurAsync: ({ value, signal }) => emailExistsError(value, signal) }}>
            {(field) => <field.TextField label="Email" type="email" autoComplete="off" required maxLength={60} />}
          </form.AppField>
        ) : (
          <form.AppField name="userName">
            {(field) => (
              <field.TextField label="Email" type="email" disabled hint="The email address is the user name and cannot be changed." />
            )}
          </form.AppField>
        )}
        {adding && (
          <div className="form__row">
            <form.AppField name="password">
              {(field) => (
                <field.TextField label="Initial password" type="password" autoComplete="new-password" required hint={PASSWORD_RULES} />
              )}
            </form.AppField>
            <form.AppField name="confirmPassword">
              {(field) => <field.TextField label="Confirm initial password" type="password" autoComplete="new-password" required />}
            </form.AppField>
          </div>
        )}
        <UserAccessFields form={form} admin={admin} currentRoles={adding ? [] : mode.user.roles} />
      </div>
    </SidePanel>
  );
}

/** /admin/newUser (spec 1 §2): side panel New User. */
export function NewUserPanel({ admin }: { admin: Admin }) {
  return <UserForm admin={admin} mode={{ kind: 'add' }} />;
}

function PanelMessage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <SidePanel title={title} closeTo={USERS_PATH} footer={<SidePanelCancel>Close</SidePanelCancel>}>
      {children}
    </SidePanel>
  );
}

/** /admin/users/{cmhUserId} (spec 1 §2): side panel Edit User, from the user as the server has them now. */
export function EditUserPanel({ admin, cmhUserId }: { admin: Admin; cmhUserId: number }) {
  const user = useUser(cmhUserId);
  const queryClient = useQueryClient();

  if (user.data) {
    if (!user.data.allowEdit) {
      return (
        <PanelMessage title="Edit User">
          <p className="notice notice--info user-form__read-only">{READ_ONLY_USERS_MESSAGE}</p>
          <p>
            {user.data.firstName} {user.data.lastName} ({user.data.userName})
          </p>
        </PanelMessage>
      );
    }
    return (
      <UserForm
        // A new rowVersion (after a conflict) starts the form again from what the server holds.
        key={user.data.rowVersion}
        admin={admin}
        mode={{ kind: 'edit', user: user.data }}
        onConflict={(current) => queryClient.setQueryData(adminUserKeys.user(cmhUserId), current)}
      />
    );
  }
  if (isHttpError(user.error, 404)) {
    return (
      <PanelMessage title="Edit User">
        <p role="status">User not found.</p>
      </PanelMessage>
    );
  }
  if (isOfflineError(user.error) || (user.isPending && user.fetchStatus === 'paused')) {
    return (
      <PanelMessage title="Edit User">
        <p role="status">You are offline. The user will load when you are back online.</p>
      </PanelMessage>
    );
  }
  return (
    <PanelMessage title="Edit User">
      <p role="status">{user.isError ? 'The user could not be loaded.' : 'Loading...'}</p>
    </PanelMessage>
  );
}
