import type { ViewProps } from '../engine/types';
import { UserForm } from './UserForm';

/** The create page of a system user (`/users/create`). */
export default function UserCreate({ config }: ViewProps) {
  return <UserForm config={config} />;
}
