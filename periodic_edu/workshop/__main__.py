"""``python -m periodic_edu.workshop NOTEBOOK [Voila options] [--class_size=N]``."""
from periodic_edu.workshop.app import main

if __name__ == "__main__":
    main()
