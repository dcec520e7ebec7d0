"""The actions' repository: reads, writes, the executor's queue, counts and
activity, the allowance write and the record autonomy is earned from."""
