import { useQuery } from '@tanstack/react-query';
import { NumbersSchema } from '../../schema/numbers';
import { api } from '../api';

/** The Numbers screen's figures, as the service counts them. */
export function useNumbers() {
  return useQuery({
    queryKey: ['numbers'],
    queryFn: ({ signal }) => api('/numbers', NumbersSchema, { signal }),
  });
}
