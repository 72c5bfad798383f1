import { Route } from 'react-router';
import { DataExport } from './data-export/DataExport';
import { DataSources } from './datasources/DataSources';
import { AfterImportScreen } from './data-import/AfterImportScreen';
import { DataImportScreen } from './data-import/DataImportScreen';
import { ExchangeDetails } from './hdx/ExchangeDetails';
import { ExchangeUserSettings } from './hdx/ExchangeUserSettings';
import { HxlTagging } from './hdx/HxlTagging';
import { GeneralSettings } from './general/GeneralSettings';
import { PlanPage } from './plan/PlanPage';
import { RequireAccess } from './RequireAccess';
import { RoleEditor } from './roles/RoleEditor';
import { RolesList } from './roles/RolesList';
import { settingsAccess as can } from './settings-access';
import { UserEditor } from './users/UserEditor';
import { UsersList } from './users/UsersList';

/** General, users, roles, data sources, data import and export, and plan; each refuses (to `/`) whoever lacks its permission (spec 3 section 6). */
export const SCREEN_ROUTES = (
  <>
    <Route
      path="general"
      element={
        <RequireAccess rule={can.manageSettings}>
          <GeneralSettings />
        </RequireAccess>
      }
    />
    <Route
      path="users"
      element={
        <RequireAccess rule={can.manageUsers}>
          <UsersList />
        </RequireAccess>
      }
    />
    <Route
      path="users/create"
      element={
        <RequireAccess rule={can.manageUsers}>
          <UserEditor />
        </RequireAccess>
      }
    />
    <Route
      path="users/:id"
      element={
        <RequireAccess rule={can.manageUsers}>
          <UserEditor />
        </RequireAccess>
      }
    />
    <Route
      path="roles"
      element={
        <RequireAccess rule={can.admin}>
          <RolesList />
        </RequireAccess>
      }
    />
    <Route
      path="roles/create"
      element={
        <RequireAccess rule={can.admin}>
          <RoleEditor />
        </RequireAccess>
      }
    />
    <Route
      path="roles/:id"
      element={
        <RequireAccess rule={can.admin}>
          <RoleEditor />
        </RequireAccess>
      }
    />
    <Route
      path="hdx"
      element={
        <RequireAccess rule={can.export}>
          <HxlTagging />
        </RequireAccess>
      }
    />
    <Route
      path="hdx-details"
      element={
        <RequireAccess rule={can.export}>
          <ExchangeDetails />
        </RequireAccess>
      }
    />
    <Route
      path="user-settings"
      element={
        <RequireAccess rule={can.any}>
          <ExchangeUserSettings />
        </RequireAccess>
      }
    />
    <Route
      path="datasources"
      element={
        <RequireAccess rule={can.manageSettings}>
          <DataSources />
        </RequireAccess>
      }
    />
    <Route
      path="data-export"
      element={
        <RequireAccess rule={can.export}>
          <DataExport />
        </RequireAccess>
      }
    />
    <Route
      path="data-import"
      element={
        <RequireAccess rule={can.import}>
          <DataImportScreen />
        </RequireAccess>
      }
    />
    <Route
      path="data-after-import"
      element={
        <RequireAccess rule={can.import}>
          <AfterImportScreen />
        </RequireAccess>
      }
    />
    <Route
      path="plan"
      element={
        <RequireAccess rule={can.any}>
          <PlanPage />
        </RequireAccess>
      }
    />
  </>
);
