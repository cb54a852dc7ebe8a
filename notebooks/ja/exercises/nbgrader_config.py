"""nbgrader settings for the course's homework (run nbgrader from this folder)."""

c = get_config()  # noqa: F821 -- provided by nbgrader when it reads this file
c.CourseDirectory.root = "."
c.CourseDirectory.course_id = "game-tree-search"
c.ExecutePreprocessor.timeout = 120
