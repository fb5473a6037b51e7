import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CUSTOMER_PERMISSIONS,
  permissionSetOf,
  STAFF_PERMISSIONS,
  sessionWith,
} from '../test/permission-sets';
import { can, holds, homePath, toPermission, useCan } from './permissions';
import { setSession } from './session';

afterEach(() => setSession(null));

describe('toPermission', () => {
  it('splits a code into module, resource and operation', () => {
    expect(toPermission('ADMIN.BL_REVIEW.APPROVE')).toEqual({
      module: 'ADMIN',
      resource: 'BL_REVIEW',
      operation: 'APPROVE',
    });
  });
});

describe('holds', () => {
  it('is true only for a module, resource and operation all present', () => {
    const set = permissionSetOf('CP.BL.VIEW', 'ADMIN.DASHBOARD.VIEW');
    expect(holds(set, 'CP.BL.VIEW')).toBe(true);
    expect(holds(set, 'CP.BL.EDIT')).toBe(false); // operation missing
    expect(holds(set, 'CP.BOOKING.VIEW')).toBe(false); // resource missing
    expect(holds(permissionSetOf('CP.BL.VIEW'), 'ADMIN.DASHBOARD.VIEW')).toBe(false); // module missing
  });
  it('holds nothing without a set', () => {
    expect(holds(undefined, 'CP.BL.VIEW')).toBe(false);
    expect(holds(null, 'CP.BL.VIEW')).toBe(false);
    expect(holds({ modules: [] }, 'CP.BL.VIEW')).toBe(false);
  });
  it('matches the roles: staff may not edit bills or enquire rates, customers may', () => {
    expect(holds(STAFF_PERMISSIONS, 'CP.BL.EDIT')).toBe(false);
    expect(holds(STAFF_PERMISSIONS, 'CP.RATE_ENQUIRY.VIEW')).toBe(false);
    expect(holds(CUSTOMER_PERMISSIONS, 'CP.BL.EDIT')).toBe(true);
    expect(holds(CUSTOMER_PERMISSIONS, 'ADMIN.DASHBOARD.VIEW')).toBe(false);
  });
});

describe('homePath', () => {
  it('is the admin dashboard for staff, the customer dashboard for customers, else the profile', () => {
    expect(homePath(STAFF_PERMISSIONS)).toBe('/app-dashboard-admin');
    expect(homePath(CUSTOMER_PERMISSIONS)).toBe('/app-dashboard');
    expect(homePath(permissionSetOf('CP.DASHBOARD.VIEW', 'ADMIN.DASHBOARD.VIEW'))).toBe(
      '/app-dashboard-admin',
    );
    expect(homePath(permissionSetOf('CP.PROFILE.VIEW'))).toBe('/app-profile');
    expect(homePath(undefined)).toBe('/app-profile');
  });
});

describe('can and useCan read the session', () => {
  it('can() answers from the stored auth data; a session without auth data holds nothing', () => {
    expect(can('CP.BL.VIEW')).toBe(false);
    setSession({ ...sessionWith(CUSTOMER_PERMISSIONS), authData: undefined });
    expect(can('CP.BL.VIEW')).toBe(false);
    setSession(sessionWith(CUSTOMER_PERMISSIONS));
    expect(can('CP.BL.EDIT')).toBe(true);
  });
  it('useCan() re-renders when the permissions change', () => {
    setSession(sessionWith(STAFF_PERMISSIONS));
    const { result } = renderHook(() => useCan());
    expect(result.current('CP.BL.EDIT')).toBe(false);
    act(() => setSession(sessionWith(CUSTOMER_PERMISSIONS)));
    expect(result.current('CP.BL.EDIT')).toBe(true);
  });
});
