import { useRoutes } from 'react-router-dom';
import { routeTable } from './route-table';

export function AppRoutes() {
  return useRoutes(routeTable);
}
