"""The repositories, one module (or package) per feature: service/X/repository.py is
the port, repos/X its SQL, tables/X.py its tables."""
