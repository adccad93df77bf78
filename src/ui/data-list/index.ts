export { DataList } from './data-list';
export type { DataListColumn, DataListProps, MemoryDataListProps, ServerDataListProps } from './types';
