"""Synced families (fans, chats, messages, posts, vault, earnings, fan lists): the syncer and its
snapshot read, each family's reading and writing, live reads (`fresh=true`), what an executed
write changes in the synced chats, and the platform's records in our shapes."""
