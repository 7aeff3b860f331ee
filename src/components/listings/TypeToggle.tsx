import type { ProjectType } from '../../data/listing-views';
import { PROJECT_TYPES } from '../../data/listing-views';
import { SegmentedToggle } from '../ui/SegmentedToggle';

const OPTIONS = PROJECT_TYPES.map((type) => ({ value: type, label: type }));

/** Commercial / Residential. */
export function TypeToggle({
  value,
  onChange,
}: {
  value: ProjectType;
  onChange: (type: ProjectType) => void;
}) {
  return <SegmentedToggle label="Property type" options={OPTIONS} value={value} onChange={onChange} />;
}
