import { useQuery } from '@tanstack/react-query';
import type { CmhUser } from '../../../contract';
import { withForm } from '../../../ui/form';
import { rolesQueryOptions } from '../api/get-roles';
import { ROLE_PRESETS } from '../constants';
import { matchingPreset, presetRoles, retailerChoices, roleChoices, type RolePresetKey, type UserFormValues } from '../user-form';

const PRESET_KEYS = Object.keys(ROLE_PRESETS) as RolePresetKey[];

/**
 * The access part of the user form (spec 1 §2 User form): active flag, roles (optionally by a preset) and, when
 * the admin has several retail centers, the retail centers.
 */
export const UserAccessFields = withForm({
  defaultValues: {} as UserFormValues,
  props: {
    admin: {} as Pick<CmhUser, 'availableRetailers'>,
    /** The roles the user has now (none for a new user): spec 1 §5 forbids adding some roles to anyone else. */
    currentRoles: [] as readonly string[],
  },
  render: function UserAccessFieldsRender({ form, admin, currentRoles }) {
    const roles = useQuery(rolesQueryOptions());
    const retailerItems = retailerChoices(admin);

    return (
      <>
        <form.AppField name="isActive">
          {(field) => <field.ToggleField label="Active" hint="An inactive user cannot sign in." />}
        </form.AppField>

        <form.Subscribe selector={(state) => matchingPreset(state.values.roles)}>
          {(chosen) => (
            <div className="user-form__presets" role="group" aria-label="Role presets">
              <span className="user-form__presets-label" aria-hidden="true">
                Role presets:
              </span>
              {PRESET_KEYS.map((key) => (
                <button
                  key={key}
                  type="button"
                  className={`button${chosen === key ? ' button--primary' : ''}`}
                  aria-pressed={chosen === key}
                  onClick={() => form.setFieldValue('roles', presetRoles(key))}
                >
                  {ROLE_PRESETS[key].label}
                </button>
              ))}
            </div>
          )}
        </form.Subscribe>
        {roles.isError && !roles.data && (
          <p className="notice notice--warning" role="status">
            The role list could not be loaded.
          </p>
        )}
        <form.AppField name="roles">
          {(field) => (
            <field.DualListField
              label="Roles"
              required
              options={roleChoices(roles.data ?? [], currentRoles)}
              availableLabel="Available roles"
              selectedLabel="Assigned roles"
              filterPlaceholder="Filter roles"
            />
          )}
        </form.AppField>

        {retailerItems.length > 1 && (
          <form.AppField name="retailerNumbers">
            {(field) => (
              <field.DualListField
                label="Retail centers"
                required
                options={retailerItems}
                availableLabel="Available retail centers"
                selectedLabel="Assigned retail centers"
                filterPlaceholder="Filter retail centers"
              />
            )}
          </form.AppField>
        )}
      </>
    );
  },
});
